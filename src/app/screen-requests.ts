import { screenAt } from '@/app/screen-code';
import { parseEventId } from '@/features/events/model/event-id';
import { apiPaths } from '@/lib/api-paths';

/**
 * What the page load's screen asks the API for first, known from its address alone: an event's
 * page and its registrations need the event, its categories and the events list (for the other
 * editions). The page's entry sends these requests (lib/early-api-requests.ts) and the app asks
 * for the same queries at start-up (screen-data.ts), which take the answers.
 *
 * Part of the page's entry: it imports only the path patterns, the event id's rule and the API
 * paths.
 */

/** The event whose page or registrations `pathname` opens, or null. */
export function eventAt(pathname: string): number | null {
  const screen = screenAt(pathname);
  if (screen !== 'event' && screen !== 'registrations') return null;
  // Both patterns are /events/:eventId[/registrations].
  return parseEventId(pathname.split('/')[2]);
}

/** The API paths the screen at `pathname` asks for first (none for the other screens). */
export function screenApiPaths(pathname: string): string[] {
  const eventId = eventAt(pathname);
  if (eventId === null) return [];
  return [apiPaths.event(eventId), apiPaths.categories(eventId), apiPaths.events()];
}
