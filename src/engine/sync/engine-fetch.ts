import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { isApiError, type ApiErrorInit } from '@/lib/api-error';
import type { Session } from '@/lib/session';
import { registrationPageResponseSchema } from '@/engine/api/registration-schemas';
import type { CopyPlace } from '@/engine/copy/device-copy-protocol';
import type { EngineDemo } from '@/engine/demo/engine-demo';
import type { FetchPage } from '@/engine/loader/load-types';
import { readBody } from '@/engine/loader/page-body';

/* How the engine asks the API for an event's pages, for a screen's load and for the background sync. */

/**
 * The pages of an event's registrations, fetched and read in the engine for the session at
 * `place`: a demo session's from the engine's demo, never the network.
 */
export function engineFetchPage(
  place: CopyPlace,
  isDemo: boolean,
  eventId: number,
  demo: EngineDemo,
): FetchPage {
  const session: Session = { baseUrl: place.address, apiKey: place.apiKey, demo: isDemo };
  return (params, signal) =>
    apiRequest(apiPaths.registrations(eventId), registrationPageResponseSchema, {
      session,
      params: { ...params },
      signal,
      readBody,
      ...(isDemo && {
        send: (url: URL, init: RequestInit) => demo.answer(new Request(url, init), place.address),
      }),
    });
}

/** What the page needs of an ApiError to show it (and rebuild it): everything but the stack. */
export function apiFailureOf(error: unknown): ApiErrorInit | null {
  if (!isApiError(error)) return null;
  const { kind, endpoint, status, retryAfterSeconds, field, url, contentType, detail } = error;
  return {
    kind,
    endpoint,
    ...(status !== undefined && { status }),
    ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    ...(field !== undefined && { field }),
    ...(url !== undefined && { url }),
    ...(contentType !== undefined && { contentType }),
    ...(detail !== undefined && { detail }),
  };
}
