/**
 * Where the PWA plugin writes the web app manifest and the app shell's service worker
 * (vite.config.ts; test/e2e/install.e2e.ts and offline-shell.e2e.ts load both).
 */
const MANIFEST_URL = '/manifest.webmanifest';
const SHELL_WORKER_URL = '/sw.js';
/** The latest moment to start, when the page never goes idle (a big event loading). */
const AT_THE_LATEST_MS = 3_000;

/**
 * Makes the app installable and usable offline: links the web app manifest and registers the
 * app shell's service worker, once the first screen is drawn and the page is idle. Neither
 * helps the first screen, and on a phone the manifest, the icon Chromium fetches for it and the
 * worker's precache of every script would otherwise share the bandwidth with the app's code.
 * The production build only: the dev server has no worker (the PWA plugin is build-only).
 */
export function setUpAppShellWhenIdle(): void {
  if (!import.meta.env.PROD) return;
  const start = () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = MANIFEST_URL;
    document.head.append(link);
    // A browser that refuses (a private window, a policy) still runs the app, online only.
    if ('serviceWorker' in navigator)
      navigator.serviceWorker.register(SHELL_WORKER_URL, { scope: '/' }).catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: AT_THE_LATEST_MS });
  else setTimeout(start, AT_THE_LATEST_MS);
}
