import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Deployment checks: the repository's nginx configuration serving the production build
 * (`npm run build` first) in front of the demo Partner API, asserted over HTTP. Needs nginx
 * (Debian: apt-get install nginx). Run with `npm run test:deploy`.
 */
export default defineConfig({
  root,
  resolve: { alias: { '@': fileURLToPath(new URL('../../src', import.meta.url)) } },
  test: {
    name: 'deploy',
    root,
    environment: 'node',
    include: ['test/deploy/**/*.deploy.ts'],
    setupFiles: [],
    hookTimeout: 30_000,
  },
});
