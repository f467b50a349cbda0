import fc from 'fast-check';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { urlJunk } from '../../test/url-arbitraries';
import { screenAt } from './screen-code';

/** The route tree's screens and their patterns, as React Router matches them (routes.tsx). */
const ROUTES = [
  ['signIn', paths.signIn.pattern],
  ['events', paths.events.pattern],
  ['event', paths.event.pattern],
  ['registrations', paths.registrations.pattern],
  ['device', paths.device.pattern],
] as const;

function routerScreen(pathname: string): string | null {
  return ROUTES.find(([, pattern]) => matchPath(pattern, pathname) !== null)?.[0] ?? null;
}

describe('screenAt: the screen whose code the entry starts downloading', () => {
  it('names the screen of every address the app links to', () => {
    expect(screenAt(paths.signIn.build())).toBe('signIn');
    expect(screenAt(paths.events.build())).toBe('events');
    expect(screenAt(paths.event.build(1001))).toBe('event');
    expect(screenAt(paths.registrations.build(1001))).toBe('registrations');
    expect(screenAt(paths.device.build())).toBe('device');
    expect(screenAt('/')).toBeNull();
    expect(screenAt('/events/1001/nothing')).toBeNull();
  });

  it('agrees with React Router on any address, however mangled, and never throws', () => {
    const segment = fc.oneof(
      fc.constantFrom('events', 'EVENTS', 'sign-in', 'this-device', 'registrations', '1001', '', ' '),
      urlJunk.filter((junk) => !junk.includes('/') && !junk.includes('?') && !junk.includes('#')),
    );
    const pathname = fc
      .array(segment, { maxLength: 4 })
      .chain((segments) =>
        fc.constantFrom(`/${segments.join('/')}`, `/${segments.join('/')}/`, `//${segments.join('/')}`),
      );
    fc.assert(
      fc.property(pathname, (path) => {
        expect(screenAt(path)).toBe(routerScreen(path));
      }),
    );
  });
});
