/**
 * The two headers that make the app cross-origin isolated, so the page may share memory with
 * its workers (SharedArrayBuffer): the header search reads the newest answer of the device
 * copy's worker from shared memory at each keystroke (src/lib/device-copy/search-answer-slot.ts).
 * Sent by the dev server and `vite preview` (vite.config.ts) and by nginx (deploy/nginx).
 *
 * - COOP `same-origin`: no window of another site keeps a handle on the app's (the app opens no
 *   popup and is opened by none).
 * - COEP `require-corp`: every resource the page loads must be same-origin or allowed by CORS.
 *   The app loads only its own files; the Partner API is reached with CORS requests, which COEP
 *   lets through.
 *
 * Without them (a host that cannot send headers) everything works the same; only the search's
 * answers wait for keys typed very fast (faster than about one every 10 ms) to pause.
 */
export const CROSS_ORIGIN_ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;
