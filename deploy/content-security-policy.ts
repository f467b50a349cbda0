/**
 * The one Content Security Policy of the production build. vite.config.ts writes it into
 * index.html as a <meta> tag, so it holds on any static host; deploy/nginx/render.ts sends
 * the same policy as a response header, plus what only a header can carry. A test compares
 * the built meta tag with the header nginx sends (test/deploy/nginx.deploy.ts).
 *
 * Scripts only from this origin, so untrusted text that ever slipped into the DOM as HTML
 * could still not run. API calls may go to any HTTPS origin (the base URL is typed at
 * sign-in), or to loopback for local set-ups. Not applied in dev, where Vite injects inline
 * scripts.
 */
const DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self' https: http://localhost:* http://127.0.0.1:*",
  // blob: for the nested worker the workbook export compresses in (fflate, inside the engine
  // worker). A meta tag does not reach workers, but a header does: nginx sends it on the
  // worker's script, and without blob: the export would fail (src/engine/export/export-handler.ts).
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

/** The policy of the <meta> tag. */
export const CONTENT_SECURITY_POLICY = DIRECTIVES.join('; ');

/**
 * The policy as a response header: the meta tag's, plus `frame-ancestors 'none'` against
 * clickjacking (a meta tag cannot forbid framing: browsers ignore it there and Chromium
 * logs an error). `reportUri` adds `report-uri`, also header-only: the browser then POSTs
 * each violation to that address (the browser tests served by nginx collect them).
 */
export function contentSecurityPolicyHeader(options: { reportUri?: string } = {}): string {
  const extra = ["frame-ancestors 'none'"];
  if (options.reportUri) extra.push(`report-uri ${options.reportUri}`);
  return [CONTENT_SECURITY_POLICY, ...extra].join('; ');
}
