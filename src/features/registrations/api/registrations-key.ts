/**
 * The registrations query's cache key, apart from the query itself: code that only finds the
 * queries in the cache (sync when the network returns, in the first screen's bundle) does not
 * pull in the loader, the history and their schemas.
 */

/** The first part of every registrations query key. */
export const REGISTRATIONS = 'registrations';

export const registrationsKey = (eventId: number) => [REGISTRATIONS, eventId] as const;
