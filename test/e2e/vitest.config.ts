import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

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
    setupFiles: [],
    globalSetup: ['test/e2e/global-setup.ts'],
    // One Chromium at a time: the machine has 2 cores, and the files share one server pair.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
