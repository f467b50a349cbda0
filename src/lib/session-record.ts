/**
 * The signed-in session as the tab keeps it in sessionStorage: its shape and its reading.
 * session.ts owns the session (starting, ending, following it); this part of it imports
 * nothing, so that the page's entry can read the session before the app's code has arrived
 * (early-api-requests.ts).
 */
export interface Session {
  /** Base URL of the Partner API: absolute (`https://…`) or same-origin (`/partner-api`). */
  baseUrl: string;
  apiKey: string;
  /** True when the session talks to the built-in demo API. */
  demo: boolean;
}

export const SESSION_ITEM = 'promoter-dashboard.session';

/** A well-formed session, whatever it came from (storage, another tab). */
export function isSession(value: unknown): value is Session {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.baseUrl === 'string' && typeof v.apiKey === 'string' && typeof v.demo === 'boolean';
}

/** The session kept in this tab, or null. Never throws. */
export function readStoredSession(): Session | null {
  try {
    const raw = sessionStorage.getItem(SESSION_ITEM);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    // Storage disabled or a corrupt value: behave as signed out.
    return null;
  }
}
