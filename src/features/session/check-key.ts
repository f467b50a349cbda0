import { apiGet } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import type { Session } from '@/lib/session';
import { eventListResponseSchema } from '@/engine/api/event-schemas';

/**
 * Check a key with one real call before keeping it. GET /v1/events is the cheapest request
 * every key may make; its answer is validated like any other, so a wrong base URL that
 * answers HTML is caught here too. Resolves with the events list (kept on the device once
 * signed in).
 */
export function checkKey(candidate: Session, signal?: AbortSignal) {
  return apiGet(apiPaths.events(), eventListResponseSchema, {
    session: candidate,
    ...(signal && { signal }),
  });
}
