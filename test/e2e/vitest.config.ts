import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** Files run side by side, each worker with its own servers (global-setup.ts): E2E_WORKERS, default 2. */
const workers = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Real-browser tests: Chromium (playwright-core) against the production build served by
 * `vite preview`, which proxies /partner-api to the demo Partner API over real HTTP.
 * Run with `npm run test:e2e`. The unit suite's jsdom setup is deliberately not used here.
 */
export default defineConfig({
  root,
  resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
  test: {
    name: 'e2e',
    root,
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    // A failed test prints what its tabs showed (failure-report.ts).
    setupFiles: ['test/e2e/failure-report.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    tags: [
      {
        name: 'nginx',
        description: 'also run with the app served by nginx (npm run test:e2e:nginx, NGINX in app.ts)',
      },
    ],
    // A condition polled by expect.poll may take a loaded machine more than the default 1 s.
    expect: { poll: { timeout: 15_000 } },
  },
});
