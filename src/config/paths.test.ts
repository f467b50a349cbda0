import { safeNextPath } from './paths';

const ORIGIN = 'https://dashboard.example';

describe('safeNextPath: where sign-in may send the user back to', () => {
  it.each([
    ['/events?q=lac&sort=name', '/events?q=lac&sort=name'],
    ['/events/1001/registrations?status=paid#top', '/events/1001/registrations?status=paid#top'],
    // Relative values resolve against the site root, never against another origin.
    ['events?q=1', '/events?q=1'],
    ['../../events/1001', '/events/1001'],
    // An encoded slash stays inside the path: it is one odd in-app path, not a host.
    ['/%2F/evil.com', '/%2F/evil.com'],
  ])('keeps the in-app path %j', (next, expected) => {
    expect(safeNextPath(next, ORIGIN)).toBe(expected);
  });

  it.each([
    // The URL parser drops tabs and line breaks: these are `//evil.com`, another origin.
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['/\r\n/evil.com'],
    ['\t//evil.com'],
    ['//evil.com'],
    // A backslash counts as a slash in http(s) URLs.
    ['/\\evil.com'],
    ['\\\\evil.com'],
    ['https://evil.com'],
    ['https://dashboard.example.evil.com/events'],
    ['http://dashboard.example/events'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    // Same origin, but the router would read a path starting with // as another host.
    ['/.//evil.com'],
    // Back to sign-in would loop.
    ['/sign-in?next=/events'],
    ['/sign-in/'],
    [''],
    [null],
    [undefined],
  ])('refuses %j and opens the events instead', (next) => {
    expect(safeNextPath(next, ORIGIN)).toBe('/events');
  });

  it('the value the URL decoder hands over for `?next=/%09/evil.com` is refused', () => {
    const next = new URLSearchParams('next=/%09/evil.com').get('next');
    expect(next).toBe('/\t/evil.com');
    expect(safeNextPath(next, ORIGIN)).toBe('/events');
  });
});
