/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * Content Security Policy of the production build: scripts only from this origin, so
 * untrusted text that ever slipped into the DOM as HTML could still not run. API calls may
 * go to any HTTPS origin (the base URL is typed at sign-in), or to loopback for local set-ups.
 * Not applied in dev, where Vite injects inline scripts.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

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
    plugins: [react(), contentSecurityPolicy()],
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
