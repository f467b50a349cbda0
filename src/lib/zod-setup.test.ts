import './zod-setup';
import { config } from 'zod/v4/core';

describe('zod setup', () => {
  it('makes zod jitless, so it never probes eval under the Content Security Policy', () => {
    expect(config().jitless).toBe(true);
  });
});
