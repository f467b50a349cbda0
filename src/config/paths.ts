/**
 * Every in-app link is built here, so a route can move without hunting for strings.
 * Search params carry view state (filters, sort, page); never the API key.
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
  registrations: {
    pattern: '/events/:eventId/registrations',
    build: (eventId: number, search?: URLSearchParams | string) =>
      withSearch(`/events/${eventId}/registrations`, search),
  },
} as const;

/**
 * Accept a `next` value only when it is an in-app path. Anything else (`//evil.example`,
 * `https://…`, `javascript:`) would turn sign-in into an open redirect.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return paths.events.build();
  }
  if (next.startsWith(paths.signIn.pattern)) return paths.events.build();
  return next;
}
