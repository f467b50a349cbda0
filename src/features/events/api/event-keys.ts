/**
 * The first part of every events query key, apart from the queries: code in the first screen's
 * bundle that only finds them in the cache (sync when the network returns) does not pull in
 * their schemas and zod.
 */
export const EVENTS = 'events';
