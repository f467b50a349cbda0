import { useSyncExternalStore } from 'react';
import { ApiError, isApiError } from './api-error';

/**
 * Whether the app is offline, for the screens: the browser says so (`navigator.onLine`
 * false), or the last request to the API got no answer at all (a network failure: Wi-Fi
 * without internet, a dead proxy). Any answer from the API, or the browser's `online` event,
 * ends it. Offline, the screens show the encrypted copy on this device (read only) under a
 * banner saying how old it is; see docs/user-guide.md, "Offline use on race morning".
 */

let networkFailed = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

const browserOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The browser knows it has no network (no need to try a request). */
export const browserSaysOffline = browserOffline;

export function isOffline(): boolean {
  return browserOffline() || networkFailed;
}

/** A request got no answer (api-client): offline until the API answers again. */
export function reportNetworkFailure(): void {
  if (networkFailed) return;
  networkFailed = true;
  notify();
}

/** The API answered (whatever the status): the network is there. */
export function reportNetworkAnswer(): void {
  if (!networkFailed) return;
  networkFailed = false;
  notify();
}

let watching = false;

function watchBrowser(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', () => {
    networkFailed = false;
    notify();
  });
  window.addEventListener('offline', notify);
}

export function subscribeOffline(listener: () => void): () => void {
  watchBrowser();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOffline(): boolean {
  return useSyncExternalStore(subscribeOffline, isOffline, () => false);
}

/** Whether the browser says it has no network (then no request is even tried). */
export function useBrowserOffline(): boolean {
  return useSyncExternalStore(subscribeOffline, browserOffline, () => false);
}

/** Forget a network failure seen (tests start each case online). */
export function resetOffline(): void {
  networkFailed = false;
}

/** The detail of the network error made up when the browser says it is offline (nothing was sent). */
export const OFFLINE_DETAIL = 'offline';

/** A failure that means "no network", not an answer from the API. */
export const isNetworkFailure = (error: unknown): error is ApiError =>
  isApiError(error) && error.kind === 'network';

/** When each answer read from the device copy came, keyed by the answer itself (this browser's clock). */
const keptAsOf = new WeakMap<object, Date>();

/** When `data` came from the device copy: when its answer was saved. Null for an answer of the API. */
export function copyAsOf(data: unknown): Date | null {
  return typeof data === 'object' && data !== null ? (keptAsOf.get(data) ?? null) : null;
}

/**
 * A query function that asks the API, and answers from the device copy when there is no
 * network (the browser is offline, or the request got no answer): the server's answer wins
 * whenever there is one, and is handed to `save`. Without a copy, the network error stands.
 */
export async function fromApiOrCopy<T extends object>(
  fetchAnswer: () => Promise<T>,
  copy: { read: () => Promise<{ value: T; savedAt: Date } | null>; save?: (answer: T) => void },
  endpoint: string,
): Promise<T> {
  const fromCopy = async (error: unknown): Promise<T> => {
    const kept = await copy.read();
    if (!kept) throw error;
    keptAsOf.set(kept.value, kept.savedAt);
    return kept.value;
  };
  if (browserOffline()) return fromCopy(new ApiError({ kind: 'network', endpoint, detail: OFFLINE_DETAIL }));
  let answer: T;
  try {
    answer = await fetchAnswer();
  } catch (error) {
    if (isNetworkFailure(error)) return fromCopy(error);
    throw error;
  }
  copy.save?.(answer);
  return answer;
}
