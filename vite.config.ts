/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

// The Partner API may not send CORS headers. Setting API_PROXY_TARGET (for example
// http://127.0.0.1:4010 for `npm run mock-api`, or the operator's base URL) makes the dev
// server and `vite preview` forward /partner-api/* to it, so the browser only talks to
// its own origin. The sign-in screen then uses "/partner-api" as the base URL.
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const target = env.API_PROXY_TARGET;
  const proxy = target
    ? {
        '/partner-api': {
          target,
          changeOrigin: true,
          rewrite: (path: string) => path.replace(/^\/partner-api/, ''),
        },
      }
    : undefined;

  return {
    plugins: [react()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { proxy },
    preview: { proxy },
    worker: { format: 'es' },
    test: {
      globals: true,
      environment: 'jsdom',
      setupFiles: ['./test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
      exclude: ['test/e2e/**', 'test/bench/**', 'node_modules/**'],
    },
  };
});
