import { TEST_API_BASE } from '../../test/msw-server';
import { buildUrl } from './api-request-init';

describe('buildUrl', () => {
  it('resolves a same-origin base such as the proxy path against the page', () => {
    expect(buildUrl('/partner-api', '/v1/events').href).toBe(`${location.origin}/partner-api/v1/events`);
  });

  it('only accepts paths relative to the base, so the key cannot be sent elsewhere', () => {
    expect(() => buildUrl(TEST_API_BASE, 'https://elsewhere.example/v1/events')).toThrow();
  });
});
