import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { server } from '../../../../test/msw-server';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';
import { ids, oneTo, pagesOf, signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { pagedApi, type PagedApi } from '@/engine/loader/testing/paged-api';
import { useRegistrationsLoad } from './use-registrations-load';

/*
 * The load as the screens see it: leaving (the last observer unmounts, React Query aborts the
 * run) and coming back, at any moment, must continue where the load was, asking the server
 * for no page it already answered.
 */

const EVENT = 7;
const TOTAL = 1500;
const PER_PAGE = 100; // the test API caps per_page there
const key = registrationsKey(EVENT);

function setup() {
  signInForTests();
  const api = pagedApi({ total: TOTAL, maxPerPage: PER_PAGE, latencyMs: 30 });
  server.use(api.handler);
  const client = new QueryClient();
  // Every row count the cache ever held, in order: the table must never shrink.
  const counts: number[] = [];
  client.getQueryCache().subscribe((event) => {
    const data = event.query.state.data as RegistrationsData | undefined;
    if (event.type === 'updated' && data && counts.at(-1) !== data.rows.length) counts.push(data.rows.length);
  });
  const data = () => client.getQueryData<RegistrationsData>(key);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { api, client, counts, data, wrapper };
}

/** A screen showing the event's registrations. */
function Screen() {
  const { data } = useRegistrationsLoad(EVENT);
  return <p>{data?.rows.length ?? 0}</p>;
}

function show(wrapper: (props: { children: ReactNode }) => ReactNode, strict = false) {
  const Wrapper = wrapper;
  return render(<Wrapper>{strict ? <StrictMode>{<Screen />}</StrictMode> : <Screen />}</Wrapper>);
}

const neverShrinks = (counts: number[]) => counts.every((count, i) => i === 0 || count >= counts[i - 1]!);

/** How many times each page was asked for (probes and retries included). */
function requestsPerPage(api: PagedApi): Map<number, number> {
  const perPage = new Map<number, number>();
  for (const call of api.calls) perPage.set(call.page, (perPage.get(call.page) ?? 0) + 1);
  return perPage;
}

describe('useRegistrationsLoad: leaving and coming back', () => {
  it('coming back after the stopped load settled continues it: no page asked for again', async () => {
    const { api, counts, data, wrapper } = setup();
    const first = show(wrapper);
    await waitFor(() => expect(data()?.rows.length).toBeGreaterThan(0));
    first.unmount();
    await waitFor(() => expect(data()?.phase).toBe('cancelled'));
    const kept = pagesOf(data()!.rows, PER_PAGE);
    const asked = api.calls.length;

    show(wrapper);
    await waitFor(() => expect(data()?.phase).toBe('complete'));
    expect(ids(data()!.rows)).toEqual(oneTo(TOTAL));
    const askedAgain = api.calls.slice(asked).map((call) => call.page);
    for (const page of kept) expect(askedAgain).not.toContain(page);
    expect(askedAgain).not.toContain(0);
    expect(neverShrinks(counts)).toBe(true);
  });

  it('coming back before the stopped load settled waits for it and continues: no shrink, no page twice', async () => {
    const { api, counts, data, wrapper } = setup();
    const first = show(wrapper);
    await waitFor(() => expect(data()?.rows.length).toBeGreaterThan(0));
    const shown = pagesOf(data()!.rows, PER_PAGE);
    const asked = api.calls.length;
    // Leave and come back in the same tick: the aborted run has not written its end yet, and
    // the cache still holds its last progress snapshot.
    first.unmount();
    expect(data()?.phase).toBe('loading');
    show(wrapper);

    await waitFor(() => expect(data()?.phase).toBe('complete'));
    expect(ids(data()!.rows)).toEqual(oneTo(TOTAL));
    const askedAgain = api.calls.slice(asked).map((call) => call.page);
    for (const page of shown) expect(askedAgain).not.toContain(page);
    expect(askedAgain).not.toContain(0);
    // Only a page whose request the leave aborted is asked for a second time.
    for (const [, times] of requestsPerPage(api)) expect(times).toBeLessThanOrEqual(2);
    expect(neverShrinks(counts)).toBe(true);
  });

  it('leaving and coming back twice in a row still ends with every row once', async () => {
    const { counts, data, wrapper } = setup();
    let view = show(wrapper);
    for (let i = 0; i < 2; i++) {
      await waitFor(() => expect(data()?.rows.length).toBeGreaterThan(i * 300));
      view.unmount();
      view = show(wrapper);
    }
    await waitFor(() => expect(data()?.phase).toBe('complete'));
    expect(ids(data()!.rows)).toEqual(oneTo(TOTAL));
    expect(neverShrinks(counts)).toBe(true);
  });

  it("React StrictMode's double mount makes one load, not two: every page asked for once", async () => {
    const { api, data, wrapper } = setup();
    show(wrapper, true);
    await waitFor(() => expect(data()?.phase).toBe('complete'));
    expect(ids(data()!.rows)).toEqual(oneTo(TOTAL));
    expect(api.calls.length).toBeGreaterThan(TOTAL / PER_PAGE);
    for (const [page, times] of requestsPerPage(api)) expect([page, times]).toEqual([page, 1]);
  });
});
