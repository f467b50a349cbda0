import { config } from 'zod/v4/core';

/**
 * Zod 4 compiles object parsers with `new Function` and, to know whether it may, probes
 * `eval` once. The production Content Security Policy has no 'unsafe-eval', so the probe
 * fires a `securitypolicyviolation` (and a CSP report) on every page, even though zod
 * recovers. `jitless` skips the probe and the compiled path. Zod reads this flag when a
 * schema is created, so this module must run before any module that defines one: main.tsx
 * imports it first. `zod/v4/core` keeps the entry chunk from pulling in the whole library.
 */
config({ jitless: true });
