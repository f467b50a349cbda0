/**
 * Zod 4 compiles object parsers with `new Function` and, to know whether it may, probes
 * `eval` once. The production Content Security Policy has no 'unsafe-eval', so the probe
 * fires a `securitypolicyviolation` (and a CSP report) on every page, even though zod
 * recovers. `jitless` skips the probe and the compiled path.
 *
 * Zod keeps its configuration on `globalThis.__zod_globalConfig` (so that several copies of
 * the library share it) and reads it when a schema is created. Setting it here, before any
 * schema module runs (main.tsx imports this first), costs no import at all: importing
 * `config` from zod would put 10 kB of zod on the sign-in screen's critical path.
 * zod-setup.test.ts checks that zod sees the flag.
 */
interface ZodGlobal {
  __zod_globalConfig?: Record<string, unknown>;
}

const scope = globalThis as ZodGlobal;
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
