/**
 * The repository's nginx configuration (deploy/nginx/), rendered against the built dist/ and
 * the demo Partner API on loopback, checked with `nginx -t`, then asked over HTTP what a
 * browser would ask: every answer carries the security headers, each kind of file its cache
 * header, the app routes get the app and a missing file a 404, and the proxy forwards the key
 * and passes the API's Date back.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath, URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSettings, renderNginx } from '../../deploy/nginx/render';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import { startMockHttpServer, type MockHttpServer } from '@/mocks/server/http-server';
import { nginxTest, startNginx, type NginxServer } from './nginx-server';

const distDir = fileURLToPath(new URL('../../dist', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

/** Written out here, not imported: the test must notice a change to what nginx sends. */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'permissions-policy':
    'accelerometer=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), ' +
    'hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=()',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

let api: MockHttpServer;
let nginx: NginxServer;
let indexHtml: string;

beforeAll(async () => {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error('No dist/: run `npm run build` first');
  indexHtml = await readFile(join(distDir, 'index.html'), 'utf8');
  api = await startMockHttpServer({ port: 0 });
  nginx = await startNginx({ distDir, upstream: api.url });
});
afterAll(async () => {
  await nginx?.stop();
  await api?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** Decompressed when it came gzipped. */
  body: string;
  /** The body's size as it came over the wire. */
  wireBytes: number;
}

/** One request as a browser would send it (it asks for gzip; Node's fetch would hide it). */
function get(
  path: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'POST' = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, nginx.url), {
      method,
      headers: { 'accept-encoding': 'gzip', accept: '*/*', ...headers },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const answerHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        const gzipped = answerHeaders['content-encoding'] === 'gzip';
        resolve({
          status: res.statusCode ?? 0,
          headers: answerHeaders,
          body: (gzipped ? gunzipSync(raw) : raw).toString('utf8'),
          wireBytes: raw.length,
        });
      });
    });
    req.end();
  });
}

/** The build's <meta> policy, as the browser reads it (attribute entities decoded). */
function metaPolicy(html: string): string {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  if (content === undefined) throw new Error('No Content-Security-Policy meta tag in dist/index.html');
  return content.replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

/**
 * The header policy is the meta tag's plus frame-ancestors, and nothing else differs. No
 * cross-origin isolation: it would block any cross-origin image or frame (an operator's logo,
 * a help page) for nothing the app needs.
 */
function expectSecurityHeaders(answer: Answer, what: string): void {
  expect(answer.headers, what).toMatchObject({
    ...SECURITY_HEADERS,
    'content-security-policy': `${metaPolicy(indexHtml)}; frame-ancestors 'none'`,
  });
  expect(answer.headers, what).not.toHaveProperty('cross-origin-embedder-policy');
  expect(answer.headers, what).not.toHaveProperty('cross-origin-opener-policy');
}

const HTML_PAGE = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('nginx serving dist/ (deploy/nginx)', () => {
  it('accepts the rendered configuration (nginx -t), also with an HTTPS upstream and its certificate checks', async () => {
    expect(nginx.testOutput).toMatch(/syntax is ok[\s\S]*test is successful/);
    // An https:// upstream loads the CA bundle (proxy_ssl_verify); an address, so -t needs no DNS.
    const dir = await mkdtemp(join(tmpdir(), 'nginx-https-upstream-'));
    try {
      const settings = readSettings({
        PARTNER_API_UPSTREAM: 'https://127.0.0.1:8443/partner',
        DIST_DIR: distDir,
        NGINX_OUT_DIR: dir,
        NGINX_RUN_DIR: join(dir, 'run'),
        NGINX_ACCESS_LOG: 'off',
      });
      await renderNginx(settings);
      expect(await nginxTest(join(dir, 'nginx.conf'))).toMatch(/test is successful/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves / with every header: the policy in step with the meta tag, no-cache, gzip', async () => {
    const answer = await get('/', HTML_PAGE);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.body).toBe(indexHtml);
    expectSecurityHeaders(answer, '/');
    expect(metaPolicy(indexHtml)).toContain("worker-src 'self' blob:");
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toBe('Accept-Encoding');
  });

  it('answers a deep link with the app, and a JSON request for an unknown path with a 404', async () => {
    for (const path of [
      '/events/1001/registrations',
      '/events/1001/registrations?q=dupont',
      '/this-device',
    ]) {
      const page = await get(path, HTML_PAGE);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toBe(indexHtml);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expectSecurityHeaders(page, path);
    }
    // What sign-in asks when the address typed is this site instead of the API.
    const json = await get('/not-the-partner-api/v1/events', { accept: 'application/json' });
    expect(json.status).toBe(404);
    expect(json.body).not.toContain('<div id="root">');
    expectSecurityHeaders(json, 'a JSON request for an unknown path');
  });

  it('serves hashed assets for a year (immutable), gzipped, and every file in assets/ is hashed', async () => {
    const assets = await readdir(join(distDir, 'assets'));
    expect(assets.filter((name) => !/-[\w-]{8}\.(js|css)$/.test(name))).toEqual([]);
    const script = /<script type="module" crossorigin src="(\/assets\/index-[\w-]{8}\.js)">/.exec(
      indexHtml,
    )?.[1];
    const style = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w-]+-[\w-]{8}\.css)">/.exec(
      indexHtml,
    )?.[1];
    for (const [path, type] of [
      [script, 'application/javascript'],
      [style, 'text/css'],
    ] as const) {
      expect(path).toBeDefined();
      const answer = await get(path!);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(new RegExp(`^${type}`));
      expect(answer.headers['cache-control'], path).toBe(IMMUTABLE);
      expect(answer.headers['content-encoding'], path).toBe('gzip');
      expect(answer.body, path).toBe(await readFile(join(distDir, path!), 'utf8'));
      expectSecurityHeaders(answer, path!);
    }
  });

  it('compresses the largest script as well as gzip -6 does (nginx’s default level sends 18% more)', async () => {
    const scripts = (await readdir(join(distDir, 'assets'))).filter((name) => name.endsWith('.js'));
    const sizes = await Promise.all(
      scripts.map(async (name) => ({ name, bytes: await readFile(join(distDir, 'assets', name)) })),
    );
    const largest = sizes.reduce((a, b) => (b.bytes.length > a.bytes.length ? b : a));
    const answer = await get(`/assets/${largest.name}`);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.wireBytes).toBeLessThanOrEqual(gzipSync(largest.bytes, { level: 6 }).length * 1.01);
  });

  it('serves the service worker, the manifest and the icons unhashed, revalidated every time', async () => {
    const files = [
      ['/sw.js', /^application\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
      ['/icons/icon-192.png', /^image\/png$/],
      ['/favicon.svg', /^image\/svg\+xml/],
    ] as const;
    for (const [path, type] of files) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toMatch(type);
      expect(answer.headers['cache-control'], path).toBe('no-cache');
      expectSecurityHeaders(answer, path);
    }
    const manifest = await get('/manifest.webmanifest');
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'Promoter dashboard', display: 'standalone' });
  });

  it('serves config.json written at start-up (the API address), not the build’s', async () => {
    const answer = await get('/config.json', { accept: 'application/json' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(answer, '/config.json');
    expect(JSON.parse(answer.body)).toEqual({ apiBaseUrl: '/partner-api' });
    expect(JSON.parse(await readFile(join(distDir, 'config.json'), 'utf8'))).toEqual({ apiBaseUrl: '' });
  });

  it('answers a missing asset with a 404, not the app, and without the year-long cache', async () => {
    for (const path of ['/assets/index-00000000.js', '/sw-old.js', '/icons/missing.png']) {
      const answer = await get(path, HTML_PAGE);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).not.toContain('<div id="root">');
      expect(answer.headers['cache-control'], path).toBeUndefined();
      expectSecurityHeaders(answer, path);
    }
  });

  it('proxies /partner-api/ to the upstream: the X-API-Key goes through, the API’s Date comes back', async () => {
    const key = { 'x-api-key': DEMO_KEYS.alpine, accept: 'application/json' };
    const refused = await get('/partner-api/v1/events', { accept: 'application/json' });
    expect(refused.status).toBe(401);
    expectSecurityHeaders(refused, 'a 401 of the API');

    const events = await get('/partner-api/v1/events', key);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.stringify(JSON.parse(events.body))).toContain('Marathon du Lac Léman');
    expectSecurityHeaders(events, 'an answer of the API');

    // The demo API's clock moved a day ahead: its Date says tomorrow, nginx's own would say now.
    try {
      expect((await get('/partner-api/__demo/advance?days=1', key, 'POST')).status).toBe(200);
      const later = await get('/partner-api/v1/events', key);
      const date = Date.parse(later.headers.date ?? '');
      expect(Math.abs(date - (Date.now() + DAY_MS))).toBeLessThan(60_000);
      expect(later.headers.date?.split(',').length, 'a single Date header').toBe(2);
    } finally {
      await get('/partner-api/__demo/reset', key, 'POST');
    }
  });
});
