import fc from 'fast-check';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { parseEventId } from '@/features/events/model/event-id';
import { apiPaths } from '@/lib/api-paths';
import { urlJunk } from '../../test/url-arbitraries';
import { eventAt, screenApiPaths } from './screen-requests';

/** The event the screens themselves read from the address (React Router's `:eventId`). */
function routerEvent(pathname: string): number | null {
  const match = matchPath(paths.event.pattern, pathname) ?? matchPath(paths.registrations.pattern, pathname);
  return match ? parseEventId(match.params.eventId) : null;
}

describe('the page load screen’s first API requests', () => {
  it('are the event, its categories and the events list on an event’s page and its registrations', () => {
    const asked = [apiPaths.event(1001), apiPaths.categories(1001), apiPaths.events()];
    expect(screenApiPaths(paths.event.build(1001))).toEqual(asked);
    expect(screenApiPaths(paths.registrations.build(1001))).toEqual(asked);
    for (const other of [
      '/',
      '/events',
      '/sign-in',
      '/this-device',
      '/events/12abc',
      '/events/0/registrations',
    ])
      expect(screenApiPaths(other)).toEqual([]);
  });

  it('name the event React Router gives the screen, on any address however mangled, and never throw', () => {
    const segment = fc.oneof(
      fc.constantFrom('events', 'EVENTS', 'registrations', '1001', '0', '007', '%31', '1e3', '', ' '),
      fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map(String),
      urlJunk.filter((junk) => !junk.includes('/') && !junk.includes('?') && !junk.includes('#')),
    );
    const pathname = fc
      .array(segment, { maxLength: 4 })
      .chain((segments) =>
        fc.constantFrom(
          `/${segments.join('/')}`,
          `/events/${segments.join('/')}`,
          `/events/${segments[0] ?? ''}/registrations/`,
        ),
      );
    fc.assert(
      fc.property(pathname, (path) => {
        const eventId = eventAt(path);
        expect(eventId).toBe(routerEvent(path));
        expect(screenApiPaths(path)).toHaveLength(eventId === null ? 0 : 3);
      }),
      { numRuns: 2000 },
    );
  });
});
