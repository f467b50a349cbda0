import type { Session } from '@/lib/session';
import type { CopyPlace } from './device-copy-protocol';

/* How the page's clients of the copy name it and wait for it: never a throw, never for ever. */

/** A read that has not answered by then (a database blocked by another tab) gives up: full load. */
export const READ_TIMEOUT_MS = 20_000;

/** The API address that identifies a copy: the whole base URL, absolute (a proxy path serves any API). */
function copyAddress(baseUrl: string): string {
  try {
    const base = typeof location === 'undefined' ? undefined : location.href;
    return new URL(baseUrl, base).href.replace(/\/+$/, '');
  } catch {
    return baseUrl;
  }
}

export const placeOf = (session: Session): CopyPlace => ({
  apiKey: session.apiKey,
  address: copyAddress(session.baseUrl),
});

/** Resolves with `fallback` where the engine could not answer (it stopped, or answered nonsense). */
export const orElse = <T>(answer: Promise<T>, fallback: T): Promise<T> => answer.catch(() => fallback);

/**
 * Gives up on an answer that takes longer than a read may (a database blocked by another tab),
 * with `fallback`.
 */
export function timed<T>(answer: Promise<T>, fallback: T, ms = READ_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}
