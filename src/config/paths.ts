/**
 * Every in-app link is built here, so a route can move without hunting for strings.
 * Search params carry view state (search, filters, sort, columns); never the API key.
 */
function withSearch(pathname: string, search?: URLSearchParams | string): string {
  const query = typeof search === 'string' ? search : search?.toString();
  return query ? `${pathname}?${query.replace(/^\?/, '')}` : pathname;
}

export const paths = {
  home: { pattern: '/', build: () => '/' },
  signIn: {
    pattern: '/sign-in',
    /** `next` is the in-app path to return to after signing in. */
    build: (next?: string) => withSearch('/sign-in', next ? new URLSearchParams({ next }) : undefined),
  },
  events: {
    pattern: '/events',
    build: (search?: URLSearchParams | string) => withSearch('/events', search),
  },
  event: {
    pattern: '/events/:eventId',
    build: (eventId: number) => `/events/${eventId}`,
  },
  /** "On this device": what the encrypted copy keeps, keep for race day, forget this device. */
  device: { pattern: '/this-device', build: () => '/this-device' },
  registrations: {
    pattern: '/events/:eventId/registrations',
    build: (eventId: number, search?: URLSearchParams | string) =>
      withSearch(`/events/${eventId}/registrations`, search),
  },
} as const;

/**
 * Turn a `next` value (from the URL, so attacker-controlled) into an in-app path, or the events
 * list when it is anything else. It is resolved the way the browser would resolve it: the URL
 * parser drops tabs and line breaks and reads `\` as `/`, so `/%09/evil.example` is really
 * `//evil.example`, another origin. Only a same-origin result is kept, as pathname + search +
 * hash; a pathname that itself starts with `//` (from `/.//evil.example`) would be read as
 * another origin by the router, so it is refused too.
 */
export function safeNextPath(
  next: string | null | undefined,
  origin: string = globalThis.location?.origin ?? 'http://localhost',
): string {
  const fallback = paths.events.build();
  if (!next) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  if (url.pathname.startsWith('//') || url.pathname.replace(/\/+$/, '') === paths.signIn.pattern)
    return fallback;
  return url.pathname + url.search + url.hash;
}
