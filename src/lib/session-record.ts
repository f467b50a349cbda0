/**
 * What the page's entry reads from the tab's sessionStorage before the app's code has arrived:
 * the signed-in session (its shape and its reading, for early-api-requests.ts) and when the tab
 * last reloaded itself for a new version of the app (lib/app-update.ts). session.ts owns the
 * session (starting, ending, following it); this part of it imports nothing, so that it stays
 * in the entry.
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

const UPDATE_RELOAD_ITEM = 'promoter-dashboard.update-reload';

/** When this tab last reloaded itself for a new version (ms since the epoch), or null. Never throws. */
export function lastUpdateReload(): number | null {
  try {
    const at = Number(sessionStorage.getItem(UPDATE_RELOAD_ITEM));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

/**
 * Remembers a reload for a new version, across the reload. False when storage refuses: then
 * nothing would tell the reloaded page it has tried already, and the tab must not reload.
 */
export function rememberUpdateReload(at: number): boolean {
  try {
    sessionStorage.setItem(UPDATE_RELOAD_ITEM, String(at));
    return true;
  } catch {
    return false;
  }
}
