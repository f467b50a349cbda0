import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { CONTENT_SECURITY_POLICY } from './deploy/content-security-policy.ts';

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

const ENTRY_MODULE = /src[\\/]main\.tsx$/;
const BOOT_MODULE = /src[\\/]app[\\/]boot\.tsx$/;

/**
 * The two chunks a page load runs first, each the static import graph of one module, read from
 * the code at the end of every build so that moving or adding a file cannot silently change them:
 *
 * - `start`: src/main.tsx and every module it imports statically (Vite's preload helper, which
 *   its dynamic imports use, included), up to its dynamic imports. The entry is kept to a few kB
 *   so that it runs as soon as it arrives and starts the screen's downloads (see main.tsx).
 * - `app`: src/app/boot.tsx, which the entry imports dynamically beside the page's screen, and
 *   every module it imports statically, except the entry's. (The bundler's `$initial` tag would
 *   follow the entry, whose static imports are deliberately few; its recursive capture would pull
 *   the entry's own modules into `app` and make the entry wait for it.)
 */
function startupGraphs(): {
  plugin: Plugin;
  inStart: (id: string) => boolean;
  inApp: (id: string) => boolean;
} {
  const start = new Set<string>();
  const app = new Set<string>();
  const plugin: Plugin = {
    name: 'startup-graphs',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const collect = (root: RegExp, into: Set<string>, skip: Set<string>) => {
        into.clear();
        const first = ids.find((id) => root.test(id));
        if (!first) throw new Error(`startup-graphs: no module matches ${root}`);
        const queue = [first];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (into.has(id) || skip.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      collect(ENTRY_MODULE, start, new Set());
      collect(BOOT_MODULE, app, start);
    },
  };
  return { plugin, inStart: (id) => start.has(id), inApp: (id) => app.has(id) };
}

/**
 * The page's head, as the build leaves it: the app's code (the `app` chunk, with the chunks it
 * imports and its styles) is announced there, so the browser fetches it with the entry rather
 * than once the entry has run and asked for it. The web app manifest's link, which the PWA
 * plugin puts there, is taken out: the app adds it itself once the first screen is drawn (see
 * src/app/app-shell.ts), so that neither the manifest nor the icon it names competes with the
 * app's code for a phone's bandwidth. The favicon (public/favicon.svg, which the manifest's icons
 * are drawn from) is written into the page as a data: address, one request less.
 */
function appShellHead(): Plugin {
  return {
    name: 'app-shell-head',
    apply: 'build',
    // After the PWA plugin's own transform (also 'post', listed before this one).
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const manifestLink = /<link rel="manifest" href="[^"]*">/;
        if (!manifestLink.test(html)) throw new Error('app-shell-head: no manifest link to take out');
        const app = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === 'app',
        );
        if (app?.type !== 'chunk') throw new Error('app-shell-head: no app chunk');
        const notYet = (file: string) => !html.includes(`/${file}"`);
        const scripts = [app.fileName, ...app.imports].filter(notYet);
        const styles = [...(app.viteMetadata?.importedCss ?? [])].filter(notYet);
        const favicon = readFileSync(fileURLToPath(new URL('./public/favicon.svg', import.meta.url)), 'utf8');
        const faviconLink = 'href="/favicon.svg"';
        if (!html.includes(faviconLink)) throw new Error('app-shell-head: no favicon link to inline');
        return {
          html: html
            .replace(manifestLink, '')
            .replace(faviconLink, `href="data:image/svg+xml,${encodeURIComponent(favicon.trim())}"`),
          tags: [
            ...scripts.map((file) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
            ...styles.map((file) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
              injectTo: 'head' as const,
            })),
          ],
        };
      },
    },
  };
}

/** The lazily loaded demo API (msw and the demo data): see src/features/session/demo.ts. */
const DEMO_MODULE = /src\/mocks\/browser\/demo-transport\.ts$/;

/**
 * Records the chunks only the demo loads, so the app shell's service worker does not
 * precache them: users of a real API never download msw or the demo data, not even in the
 * background. (Offline, a demo session therefore shows the shell and a network error.) The
 * demo runs in the engine worker (src/engine/demo), so its chunks come from the worker's
 * build: `workerPlugin` goes in `worker.plugins`, `plugin` in the app's.
 */
function demoOnlyChunks(): { plugin: Plugin; workerPlugin: Plugin; isDemoOnly: (file: string) => boolean } {
  const inApp = new Set<string>();
  const inWorker = new Set<string>();
  const recordInto = (files: Set<string>, name: string): Plugin => ({
    name,
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
  });
  return {
    plugin: recordInto(inApp, 'demo-only-chunks'),
    workerPlugin: recordInto(inWorker, 'demo-only-worker-chunks'),
    isDemoOnly: (file) => inApp.has(file) || inWorker.has(file),
  };
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
 *
 * A new version's worker waits (no skipWaiting) instead of replacing the running app's files
 * under an open tab; the tab offers the update and activates it on the promoter's "Reload"
 * (src/app/app-shell.ts). clientsClaim lets an active worker take the pages no worker controls:
 * the first worker takes the page that installed it, which then already works offline.
 */
function appShellServiceWorker(demo: ReturnType<typeof demoOnlyChunks>): Plugin[] {
  return [
    demo.plugin,
    ...VitePWA({
      // The app registers the worker itself once its first screen is drawn (src/app/app-shell.ts).
      injectRegister: false,
      manifest: WEB_APP_MANIFEST,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        globIgnores: ['config.json'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/(partner-api|demo-api)(\/|$)/, /^\/config\.json$/],
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        manifestTransforms: [
          (entries) => ({ manifest: entries.filter((entry) => !demo.isDemoOnly(entry.url)) }),
        ],
      },
    }),
  ];
}

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

  const startup = startupGraphs();
  const demo = demoOnlyChunks();
  return {
    plugins: [
      react(),
      contentSecurityPolicy(),
      ...(command === 'build' ? [startup.plugin, ...appShellServiceWorker(demo), appShellHead()] : []),
    ],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    server: { proxy },
    preview: { proxy },
    worker: { format: 'es', plugins: () => (command === 'build' ? [demo.workerPlugin] : []) },
    build: {
      rolldownOptions: {
        output: {
          // Few files on a page load, fetched at once. Left to itself the bundler made 47 files,
          // the registrations screen needing 30 of them in two waves (over HTTP/1.1, 6 requests
          // at a time per host, the second wave queued). Now: the entry (`start`, a few kB),
          // the app's own code (`app`, announced in the page's head: appShellHead), the code the
          // lazily loaded screens share, and one file per screen, which the entry asks for as
          // soon as it runs, beside `app` (src/main.tsx). The demo's modules (src/mocks) stay
          // out, so users of a real API never download them.
          codeSplitting: {
            groups: [
              // The entry's modules stay together, even those the rest imports too (the route
              // patterns, Vite's preload helper): left to the bundler, they went with the
              // screens' shared code and the entry waited for it.
              { name: 'start', test: startup.inStart, priority: 3 },
              {
                name: 'app',
                test: startup.inApp,
                // Exactly boot's graph: following imports would capture the entry's modules.
                includeDependenciesRecursively: false,
                priority: 2,
              },
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
  };
});
