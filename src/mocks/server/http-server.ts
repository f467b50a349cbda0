/**
 * The demo Partner API over real HTTP on loopback, for browser tests, the Vite dev proxy
 * (API_PROXY_TARGET) and the benchmark. Same handlers as the in-browser demo, answered
 * through msw's public getResponse(), so the demo requests POST /__demo/advance?days=N and
 * POST /__demo/reset (with an X-API-Key) move this server's data and clock in time too.
 * Run: `npm run mock-api` (env: see config.ts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { demoNow } from '../data/clock';
import { DEMO_KEYS } from '../data/demo-keys';
import { createPartnerApiHandlers, resolveMockApiOptions } from '../handlers';
import { readServerConfig, type MockHttpServerOptions } from './config';
import { toFetchRequest, writeFetchResponse, writeJson } from './node-bridge';

export type { MockHttpServerOptions } from './config';

export interface RequestStats {
  get: number;
  options: number;
  other: number;
  total: number;
}

export interface MockHttpServer {
  /** e.g. 'http://127.0.0.1:4010' (no trailing slash). */
  url: string;
  close(): Promise<void>;
  /** Requests received since start (or the last resetStats), by method. */
  stats(): RequestStats;
  resetStats(): void;
}

const ALLOWED_HEADERS = 'X-API-Key, Content-Type';

/** CORS headers for an answer, or none when the server plays an API without CORS. */
function corsHeaders(req: IncomingMessage, cors: boolean): Record<string, string> {
  if (!cors) return {};
  return {
    // Echo the caller's origin (no credentials are involved, '*' would do too, but an
    // echoed origin is what most real gateways send, hence Vary).
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-expose-headers': 'Date',
    vary: 'Origin',
  };
}

/** The demo-only requests (POST {base}/__demo/advance, /__demo/reset: handlers/demo-controls.ts). */
const DEMO_CONTROL_PATH = /\/__demo\/[^/?]+(\?|$)/;

function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {
    'access-control-allow-headers': ALLOWED_HEADERS,
    // The API is read-only; only the demo's own requests are POSTs.
    'access-control-allow-methods': DEMO_CONTROL_PATH.test(req.url ?? '') ? 'POST' : 'GET',
    'access-control-max-age': '600',
    date: demoNow().toUTCString(),
  };
  // Chrome's Private Network Access asks before a public page may call loopback.
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['access-control-allow-private-network'] = 'true';
  }
  return headers;
}

export async function startMockHttpServer(options: MockHttpServerOptions = {}): Promise<MockHttpServer> {
  const { port = 4010, host = '127.0.0.1', cors = true, ...apiOptions } = options;
  // '*' base: the path is all that matters, whatever Host the client or proxy sends.
  const handlers = createPartnerApiHandlers({ ...apiOptions, baseUrl: '*' });
  const counts = { get: 0, options: 0, other: 0 };
  let serverUrl = '';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET') counts.get += 1;
    else if (method === 'OPTIONS') counts.options += 1;
    else counts.other += 1;

    const cross = corsHeaders(req, cors);
    if (method === 'OPTIONS') {
      req.resume();
      if (cors) {
        res.writeHead(204, { ...cross, ...preflightHeaders(req) });
        res.end();
      } else {
        // No CORS: the browser sees a preflight without Allow-Origin and blocks the call.
        writeJson(res, 405, { error: 'method_not_allowed', message: 'Only GET.' }, { allow: 'GET' });
      }
      return;
    }
    const response = await getResponse(handlers, toFetchRequest(req, serverUrl));
    if (response) {
      await writeFetchResponse(res, response, cross);
    } else {
      writeJson(res, 404, { error: 'not_found', message: 'No such endpoint.' }, cross);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the mock must show up as a 500, not a hung request.
      if (!res.headersSent) {
        writeJson(res, 500, { error: 'internal', message: String(error) }, corsHeaders(req, cors));
      } else {
        res.destroy();
      }
    });
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  serverUrl = `http://${hostInUrl}:${address.port}`;

  return {
    url: serverUrl,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        server.close((error) => (error ? reject(error) : resolveClose()));
        // Keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      }),
    stats: () => ({ ...counts, total: counts.get + counts.options + counts.other }),
    resetStats: () => {
      counts.get = 0;
      counts.options = 0;
      counts.other = 0;
    },
  };
}

async function main(): Promise<void> {
  const config = readServerConfig(process.env);
  const server = await startMockHttpServer(config);
  const api = resolveMockApiOptions(config);
  console.log(`Demo Partner API listening on ${server.url} (base URL for the dashboard)`);
  console.log(
    `  today ${api.today}, first page ${api.firstPage}, per_page ${api.defaultPerPage} ` +
      `(max ${api.maxPerPage}), page meta ${api.includePageMeta ? 'on' : 'off'}, ` +
      `latency ${api.latencyMs} ms, CORS ${config.cors === false ? 'off' : 'on'}`,
  );
  console.log(
    '  Demo clock: POST /__demo/advance?days=1[&event_id=1001] and POST /__demo/reset (with a key)',
  );
  console.log('  X-API-Key values:');
  for (const [promoter, key] of Object.entries(DEMO_KEYS)) console.log(`    ${promoter.padEnd(8)} ${key}`);
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Run as a CLI only when executed directly (tsx src/mocks/server/http-server.ts), not when
// imported by tests or the benchmark.
const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
