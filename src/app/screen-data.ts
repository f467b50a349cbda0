import type { QueryClient } from '@tanstack/react-query';
import { eventAt } from '@/app/screen-requests';
import { eventQueries, loadEventRequests } from '@/features/events/api/queries';
import { getSession } from '@/lib/session';

/**
 * Asks for the data of the page load's screen at start-up, beside its code (preloadScreenFor):
 * an event's page and its registrations need the event, its categories, the events list (for
 * the other editions) and the event's registrations. The page's entry has already sent the first
 * three requests (screen-requests.ts) and the queries take their answers; asked here, they are in
 * the cache while the screen's code starts instead of after it has rendered. The screens read the same queries, so nothing is
 * fetched twice; a failure is theirs to show, as if they had asked themselves. Only with a
 * session: without one, the screens send the visitor to sign in (whose screen loads the
 * requests' code when it checks the key).
 */
export function prefetchScreenData(client: QueryClient, pathname: string): void {
  if (!getSession()) return;
  // Every signed-in screen asks for events: their requests' code comes beside the screen's.
  void loadEventRequests();
  const eventId = eventAt(pathname);
  if (eventId === null) return;
  void client.prefetchQuery(eventQueries.detail(eventId));
  void client.prefetchQuery(eventQueries.categories(eventId));
  void client.prefetchQuery(eventQueries.list());
  // Both screens show the event's registrations: their load (or the reopening of the copy on this
  // device) starts with the app's code instead of after the first render, which waits for the
  // screen's code and renders in slices. Their queries' code comes with the screens' shared code.
  void import('@/features/registrations/api/registrations-query').then(
    ({ registrationsQuery }) => client.prefetchQuery(registrationsQuery(eventId)),
    () => undefined,
  );
}
