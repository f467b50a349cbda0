/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { CONTENT_SECURITY_POLICY } from './deploy/content-security-policy.ts';
import { CROSS_ORIGIN_ISOLATION } from './deploy/cross-origin-isolation.ts';

/** The policy as a <meta> tag (deploy/content-security-policy.ts; nginx sends it as a header too). */
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

/** The lazily loaded demo API (msw and the demo data): see src/features/session/demo.ts. */
const DEMO_MODULE = /src\/mocks\/browser\/demo-transport\.ts$/;

/**
 * Records the chunks only the demo loads, so the app shell's service worker does not
 * precache them: users of a real API never download msw or the demo data, not even in the
 * background. (Offline, a demo session therefore shows the shell and a network error.)
 */
function demoOnlyChunks(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'demo-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const reached = new Set<string>();
      const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      while (queue.length > 0) {
        const chunk = byName.get(queue.pop()!);
        if (!chunk || reached.has(chunk.fileName)) continue;
        if (chunk.facadeModuleId && DEMO_MODULE.test(chunk.facadeModuleId)) continue;
        reached.add(chunk.fileName);
        queue.push(...chunk.imports, ...chunk.dynamicImports);
      }
      files.clear();
      for (const chunk of chunks) if (!reached.has(chunk.fileName)) files.add(chunk.fileName);
    },
  };
  return { plugin, files };
}

/**
 * The web app manifest, so the app can be installed (Chromium's criteria: a name, icons of
 * 192 and 512 px, a start URL, a standalone display; checked by test/e2e/install.e2e.ts).
 * A manifest holds one language: `name` and `short_name` are English, like the document's
 * default `lang`, and the French names (the app's own, src/i18n/locales/fr/common.json) are in
 * the `*_localized` members of the W3C manifest, which browsers ignore until they support
 * them (Chromium does not yet). The icons are drawn from public/favicon.svg by
 * `npm run icons` (scripts/render-icons.ts).
 */
const WEB_APP_MANIFEST: Partial<ManifestOptions> & Record<`${string}_localized`, Record<string, string>> = {
  id: '/',
  lang: 'en',
  dir: 'ltr',
  name: 'Promoter dashboard',
  short_name: 'Dashboard',
  description:
    'Your events and their registrations from the Partner Registration API: browse, export, print.',
  name_localized: { fr: 'Tableau de bord organisateur' },
  short_name_localized: { fr: 'Espace orga' },
  description_localized: {
    fr: 'Vos événements et leurs inscriptions depuis l’API Partner Registration : consulter, exporter, imprimer.',
  },
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#0b5cad',
  background_color: '#ffffff',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The app shell's service worker (production build only: not in the dev server or tests).
 * It precaches the built shell (with the manifest and its icons) and answers app navigations
 * with index.html, and nothing else: no runtime caching, so no API response (personal data)
 * is ever stored by it, and config.json (the API address) always comes from the network.
 */
function appShellServiceWorker(): Plugin[] {
  const demo = demoOnlyChunks();
  return [
    demo.plugin,
    ...VitePWA({
      registerType: 'autoUpdate',
      // A registerSW.js file, not an inline script: the CSP allows scripts from 'self' only.
      // Deferred, so it does not hold up the first paint.
      injectRegister: 'script-defer',
      manifest: WEB_APP_MANIFEST,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['config.json'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/(partner-api|demo-api)(\/|$)/, /^\/config\.json$/],
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !demo.files.has(entry.url)) }),
        ],
      },
    }),
  ];
}

/**
 * Test files without JSX that still need a DOM (sessionStorage, location, document). Every
 * other `*.test.ts` runs in plain Node; a file that needs a DOM fails there at once with
 * "… is not defined", which is the sign to list it here.
 */
const DOM_TEST_FILES = [
  'src/lib/api-client.test.ts',
  'src/lib/csv/export-csv.test.ts',
  'src/lib/xlsx/export-xlsx.test.ts',
  'src/features/session/demo.test.ts',
  // Signed in through the session module, which keeps the key in sessionStorage.
  'src/features/registrations/loader/load-*.test.ts',
  'src/features/registrations/api/registrations-query.test.ts',
  'src/features/registrations/api/registrations-device-copy.test.ts',
  'src/features/registrations/api/registrations-history.test.ts',
  'src/features/registrations/api/follow-other-tabs.test.ts',
  'src/features/registrations/api/background-sync.test.ts',
  'src/features/registrations/api/event-figures-query.test.ts',
  'src/lib/device-copy/device-copy-client.test.ts',
  'src/lib/session-print-choices.property.test.ts',
  'src/app/screen-data.test.ts',
  // Stubs the global Worker and re-imports the reader's module state: isolated from the rest.
  'src/features/registrations/loader/page-reader.test.ts',
];

// The Partner API may not send CORS headers. Setting API_PROXY_TARGET (for example
// http://127.0.0.1:4010 for `npm run mock-api`, or the operator's base URL) makes the dev
// server and `vite preview` forward /partner-api/* to it, so the browser only talks to
// its own origin. The sign-in screen then uses "/partner-api" as the base URL.
export default defineConfig(({ command, mode }) => {
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
    plugins: [react(), contentSecurityPolicy(), ...(command === 'build' ? appShellServiceWorker() : [])],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { proxy, headers: CROSS_ORIGIN_ISOLATION },
    preview: { proxy, headers: CROSS_ORIGIN_ISOLATION },
    worker: { format: 'es' },
    build: {
      rolldownOptions: {
        output: {
          // Fewer, larger files on a page load. Left to itself the bundler made 47 files, the
          // registrations screen needing 30 of them in two waves, and over HTTP/1.1 (6 requests
          // at a time per host) the second wave queued. Now what the entry imports is one
          // file, the app code shared by the lazily loaded screens another, and each screen
          // has its own: 3 scripts for registrations. On Lighthouse's simulated phone the
          // first contentful paint went from 2.5 to 2.1 s. The demo's modules (src/mocks) stay
          // out, so users of a real API never download them.
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'], priority: 2 },
              {
                name: 'screens-shared',
                test: /[\\/]src[\\/](?!mocks[\\/])/,
                minShareCount: 2,
                priority: 1,
              },
            ],
          },
        },
      },
    },
    test: {
      globals: true,
      setupFiles: ['./test/setup.ts'],
      exclude: ['test/e2e/**', 'test/bench/**', 'node_modules/**'],
      // Two projects so only what renders pays for a DOM: creating jsdom costs ~0.5 s a file.
      projects: [
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            // Pure modules: share the module cache across files (msw, zod and the demo data are
            // loaded once per worker instead of once per file: 16 s -> 5 s). Files reset what
            // they change (demo data, msw handlers, session) after each test.
            isolate: false,
            include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'deploy/**/*.test.ts'],
            exclude: DOM_TEST_FILES,
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            // Whole screens render in jsdom on 2 busy cores (the event page now also loads its
            // registrations for the overview): a slow render must not fail a correct test.
            testTimeout: 15_000,
            // Isolated: these files render React, mock modules (vi.mock) and stub globals.
            include: ['src/**/*.test.tsx', 'test/**/*.test.tsx', ...DOM_TEST_FILES],
            setupFiles: ['./test/setup-dom.ts'],
          },
        },
      ],
    },
  };
});
