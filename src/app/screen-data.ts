import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router-dom';
import { paths } from '@/config/paths';
import { eventQueries } from '@/features/events/api/queries';
import { parseEventId } from '@/features/events/model/event-id';
import { getSession } from '@/lib/session';

/**
 * Asks for the data of the page load's screen at start-up, beside its code (preloadScreenFor):
 * an event's page and its registrations need the event, its categories and the events list
 * (for the other editions). Asked here, they arrive while the screen's code downloads instead
 * of after it has run, one round trip sooner on a phone. The screens read the same queries,
 * so nothing is fetched twice; a failure is theirs to show, as if they had asked themselves.
 * Only with a session: without one, the screens send the visitor to sign in.
 */
export function prefetchScreenData(client: QueryClient, pathname: string): void {
  if (!getSession()) return;
  const match = matchPath(paths.event.pattern, pathname) ?? matchPath(paths.registrations.pattern, pathname);
  const eventId = parseEventId(match?.params.eventId);
  if (eventId === null) return;
  void client.prefetchQuery(eventQueries.detail(eventId));
  void client.prefetchQuery(eventQueries.categories(eventId));
  void client.prefetchQuery(eventQueries.list());
}
