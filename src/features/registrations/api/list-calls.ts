import { ApiError, type ApiErrorInit } from '@/lib/api-error';
import { reportUnauthorized } from '@/lib/api-unauthorized';
import { reportNetworkAnswer, reportNetworkFailure } from '@/lib/offline';
import { knownFirstPage, rememberFirstPage } from '@/lib/remembered-api-address';
import { getSession } from '@/lib/session';
import { placeOf } from '@/engine/copy/copy-calls';
import { deviceCopyKeeps } from '@/engine/copy/device-copy';
import type { ListTarget } from '@/engine/sync/list-contract';

/* What the page tells the engine of an event's list, and what it makes of the engine's answers. */

/** The event's list for the signed-in session, or null when signed out. */
export function listTarget(eventId: number): ListTarget | null {
  const session = getSession();
  if (!session) return null;
  return {
    place: placeOf(session),
    demo: session.demo,
    eventId,
    firstPage: knownFirstPage(session.baseUrl) ?? null,
    keep: deviceCopyKeeps(),
  };
}

/** Remembers the page numbering a load learned, with the API address, as loads in the page did. */
export function rememberNumbering(firstPage: 0 | 1 | null): void {
  const baseUrl = getSession()?.baseUrl;
  if (firstPage !== null && baseUrl !== undefined && knownFirstPage(baseUrl) === undefined)
    rememberFirstPage(baseUrl, firstPage);
}

/** The API answered the engine: the network is there. */
export const answered = reportNetworkAnswer;

/**
 * The failure the engine answered, as the ApiError the screens translate (an unreadable one as
 * a plain Error). A refused key ends the session, and no answer at all says the network is gone,
 * as a request made by the page would.
 */
export function failureOf(init: ApiErrorInit | null): Error {
  if (!init) return new Error('The registrations could not be loaded');
  if (init.kind === 'unauthorized') reportUnauthorized();
  if (init.kind === 'network' || init.kind === 'timeout') reportNetworkFailure();
  return new ApiError(init);
}
