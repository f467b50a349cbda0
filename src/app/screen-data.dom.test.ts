import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { eventQueries } from '@/features/events/api/queries';
import type { RegistrationsData } from '@/features/registrations/api/registrations-data';
import { registrationsKey } from '@/features/registrations/api/registrations-key';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { endSession, startSession } from '@/lib/session';
import { TEST_SESSION } from '../../test/fixtures';
import { requestsFromNow } from '../../test/msw-server';
import { urlJunk } from '../../test/url-arbitraries';
import { prefetchScreenData } from './screen-data';
import { waitUntil } from '../../test/wait-until';

freshIndexedDbForEachTest();
afterEach(() => endSession());

const EVENT = 1003;

/** Waits until nothing the client asked for is still on its way. */
async function settled(client: QueryClient): Promise<void> {
  await waitUntil(() => expect(client.isFetching()).toBe(0));
}

describe('the page load screen’s data, asked for at start-up', () => {
  it.each([`/events/${EVENT}`, `/events/${EVENT}/registrations`])(
    'is the event, its categories, the events list and the registrations on %s',
    async (pathname) => {
      startSession(TEST_SESSION);
      const client = new QueryClient();
      prefetchScreenData(client, pathname);
      await settled(client);
      expect(client.getQueryData(eventQueries.detail(EVENT).queryKey)).toMatchObject({ eve_id: EVENT });
      expect(client.getQueryData(eventQueries.categories(EVENT).queryKey)?.length).toBeGreaterThan(0);
      const list = client.getQueryData(eventQueries.list().queryKey);
      expect(list?.events.map((event) => event.eve_id)).toContain(EVENT);
      await waitUntil(() =>
        expect(client.getQueryData<RegistrationsData>(registrationsKey(EVENT))?.phase).toBe('complete'),
      );
      const registrations = client.getQueryData<RegistrationsData>(registrationsKey(EVENT));
      expect(registrations?.rows.length).toBeGreaterThan(0);
    },
  );

  it('asks nothing without a session, on another screen, or for an id that is not one', async () => {
    const requests = requestsFromNow();
    const client = new QueryClient();
    prefetchScreenData(client, `/events/${EVENT}`);
    startSession(TEST_SESSION);
    for (const pathname of [
      '/events',
      '/sign-in',
      '/this-device',
      '/events/12abc',
      '/events/0/registrations',
    ])
      prefetchScreenData(client, pathname);
    await settled(client);
    expect(requests).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('never throws on a mangled address, and asks only for events whose id is one', async () => {
    startSession(TEST_SESSION);
    const client = new QueryClient();
    fc.assert(
      fc.property(urlJunk, fc.constantFrom('/events/', '/events/x/', '/'), fc.boolean(), (junk, at, tail) => {
        expect(() => prefetchScreenData(client, `${at}${junk}${tail ? '/registrations' : ''}`)).not.toThrow();
      }),
    );
    await settled(client);
    const ids = client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey.at(-1));
    for (const id of ids)
      expect(typeof id === 'object' || (Number.isSafeInteger(id) && Number(id) > 0)).toBe(true);
  });
});
