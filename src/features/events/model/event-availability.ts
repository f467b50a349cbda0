import { isApiError } from '@/lib/api-error';

/**
 * "This event does not exist or is not available with this key": a URL id that is not an
 * event id, or an API answer of 404 or 403. The API document does not say which of the two
 * it sends for another promoter's event, and the promoter's next step is the same either way.
 * Other failures (network, 5xx, …) are not "unavailable": they get an error with a retry.
 */
export function isEventUnavailable(eventId: number | null, error: unknown): boolean {
  if (eventId === null) return true;
  return isApiError(error) && (error.kind === 'not-found' || error.kind === 'forbidden');
}
