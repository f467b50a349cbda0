import fc from 'fast-check';
import { urlJunk } from '../../test/url-arbitraries';
import { safeNextPath } from './paths';

const ORIGIN = 'https://dashboard.example';

describe('safeNextPath, for any `next` a link may hold', () => {
  it('never throws and always answers an in-app path', () => {
    const next = fc.oneof(
      urlJunk,
      urlJunk.map((junk) => `/${junk}`),
      urlJunk.map((junk) => `/events?q=${junk}`),
    );
    fc.assert(
      fc.property(next, (value) => {
        const path = safeNextPath(value, ORIGIN);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('//')).toBe(false);
        expect(new URL(path, ORIGIN).origin).toBe(ORIGIN);
      }),
    );
  });
});
