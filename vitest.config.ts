import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * The unit and integration suite (`npm test`): vitest, with msw at the network edge
 * (test/setup.ts). A test file's name says what it needs:
 * - `*.test.tsx` and `*.dom.test.ts` run in jsdom;
 * - every other `*.test.ts` runs in plain Node.
 * In both, the files a worker runs share one environment and one module cache, so React, msw,
 * zod and the demo data load once per worker rather than once per file. So a test leaves
 * nothing behind: globals it stubs are restored after it, test/setup.ts ends the session and
 * clears storage, and modules are never mocked (lint forbids vi.mock): a fake is passed in.
 * A `*.test.ts` that needs a DOM fails at once with "… is not defined": name it `.dom.test.ts`.
 * The browser tests (test/e2e) and the nginx checks (test/deploy) have configurations of their own.
 */
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    globals: true,
    setupFiles: ['./test/setup.ts'],
    // A bound, not a measure: tests wait on conditions (findBy*, waitUntil), and on a busy
    // machine the same work takes several times longer. A test that hangs still ends here.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every core: the main process only hands out files (vitest's default leaves it a core).
    maxWorkers: '100%',
    // In CI only, a failed test runs again (at most twice) and the report names it as flaky: a
    // few screen tests still miss on a machine loaded far past its cores. Locally a failure stays
    // a failure.
    retry: process.env.CI ? 2 : 0,
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    exclude: ['test/e2e/**', 'test/bench/**', 'node_modules/**'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'deploy/**/*.test.ts'],
          exclude: ['**/*.dom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'test/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          setupFiles: ['./test/setup-dom.ts'],
        },
      },
    ],
  },
});
