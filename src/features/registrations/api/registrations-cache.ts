import type { Query, QueryClient } from '@tanstack/react-query';
import type { RegistrationsData, RegistrationsPhase } from './registrations-data';
import { REGISTRATIONS, registrationsKey } from './registrations-key';

/* What the rest of the app watches in the cache of the registrations queries. */

/**
 * Calls `forget` with the event id whenever the cache drops an event's registrations (sign-out's
 * `clear()`, a reset, garbage collection), so what was derived from them goes too.
 */
export function onRegistrationsRemoved(client: QueryClient, forget: (eventId: number) => void): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'removed') return;
    // The cache's events type their query loosely; the key itself is an array of anything.
    const [resource, eventId] = (event.query as Query).queryKey;
    if (resource === REGISTRATIONS && typeof eventId === 'number') forget(eventId);
  });
}
/**
 * The version of the engine's list that `rows` are (the event's query holds them, as the
 * engine loaded them), or null: the engine may not hold them.
 */
export function engineVersionOf(
  client: QueryClient,
  eventId: number,
  rows: readonly unknown[],
): number | null {
  const data = client.getQueryData<RegistrationsData>(registrationsKey(eventId));
  return data && data.rows === rows ? (data.version ?? null) : null;
}

/**
 * Resolves with the phase once no load of this event is running (at once when none is), for
 * an export that must not write a partial list. Rejects when `signal` aborts.
 */
export function settledRegistrations(
  client: QueryClient,
  eventId: number,
  signal: AbortSignal,
): Promise<RegistrationsPhase | null> {
  const queryKey = registrationsKey(eventId);
  return new Promise((resolve, reject) => {
    const check = () => {
      const query = client.getQueryCache().find<RegistrationsData>({ queryKey, exact: true });
      if (signal.aborted) {
        unsubscribe();
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      } else if (
        query?.state.fetchStatus !== 'fetching' ||
        // The whole list is on screen while it is verified again: it can be exported as it is.
        query.state.data?.refresh?.phase === 'verifying'
      ) {
        unsubscribe();
        resolve(query?.state.data?.phase ?? null);
      }
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    signal.addEventListener('abort', check, { once: true });
    check();
  });
}
