/*
 * A refused key (401), told to whoever signs out on it (app/providers.tsx). Apart from the API
 * client (api-client.ts), which reports it: the providers are on the start-up script, the
 * client comes with the screens that send requests.
 */

const unauthorizedListeners = new Set<() => void>();

/**
 * Be told when the signed-in key is refused (401), whichever request saw it: a query, a
 * page of registrations, a refresh. A key being checked at sign-in does not count.
 */
export function onSessionUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

/**
 * Tells the listeners the signed-in key was refused by a request made elsewhere (the engine's
 * background sync), as a refusal seen here would.
 */
export function reportUnauthorized(): void {
  for (const listener of unauthorizedListeners) listener();
}
