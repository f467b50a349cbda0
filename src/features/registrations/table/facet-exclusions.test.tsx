import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations
const path = (search = '') => `/events/${EVENT}/registrations${search}`;
const source = () => getDemoDataset(TEST_TODAY).registrationsOf(EVENT);

beforeEach(() => {
  sizeRegistrationsTable(() => 4000);
});

async function loaded() {
  await screen.findByText(/All 45 registrations loaded/);
  return screen.getByRole('region', { name: /Registrations of/ });
}
const menuButton = (name: string) =>
  screen.getAllByRole('button', { name }).find((button) => button.hasAttribute('popovertarget'))!;
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('everyone except: excluding a facet value', () => {
  it('leaves out a status with its "not" toggle, shows a "not" chip, and keeps it in the URL', async () => {
    const kept = source().filter((r) => r.payment_status !== 'pending').length;
    expect(kept).toBeLessThan(45);
    const { user, router } = renderApp(path());
    const table = await loaded();
    await user.click(menuButton('Payment status'));
    const not = screen.getByRole('button', { name: 'not Pending' });
    expect(not).toHaveAttribute('aria-pressed', 'false');
    await user.click(not);
    expect(not).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('checkbox', { name: /^Pending/ })).not.toBeChecked();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(kept));
    expect(screen.getByText(`${kept} of 45 registrations match`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?notstatus=pending'));
    const chip = screen.getByRole('button', { name: 'Remove the filter Payment status: not Pending' });
    expect(chip).toHaveTextContent('not Pending');

    // Ticking the value keeps only it instead: never chosen and excluded at once.
    await user.click(screen.getByRole('checkbox', { name: /^Pending/ }));
    expect(not).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(45 - kept));
  });

  it('combines a link’s exclusions with the search and the other facet; the chip removes one', async () => {
    const rows = source();
    const found = rows.filter((r) => r.email.toLowerCase().endsWith('@example.net'));
    // The category most of them are in: leaving it out changes the count.
    const byCategory = new Map<number | null, number>();
    for (const r of found) byCategory.set(r.category_id, (byCategory.get(r.category_id) ?? 0) + 1);
    const category = [...byCategory].sort((a, b) => b[1] - a[1])[0]![0]!;
    const expected = (withCategory: boolean) =>
      found.filter((r) => r.payment_status !== 'cancelled' && (!withCategory || r.category_id !== category))
        .length;
    expect(expected(true)).toBeGreaterThan(0);
    expect(expected(true)).toBeLessThan(expected(false));
    expect(expected(false)).toBeLessThan(found.length);
    const { user, router } = renderApp(path(`?q=example.net&notstatus=cancelled&notcat=${category}`));
    const table = await loaded();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(expected(true)));
    await user.click(screen.getByRole('button', { name: /^Remove the filter Category: not / }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(expected(false)));
    await waitFor(() => expect(router.state.location.search).toBe('?q=example.net&notstatus=cancelled'));
  });
});
