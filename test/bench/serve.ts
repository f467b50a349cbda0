import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, Agent } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import { startMockHttpServer, type MockHttpServer } from '../../src/mocks/server/http-server';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST_DIR = join(ROOT, 'dist');
const HOST = '127.0.0.1';

export function log(message: string): void {
  process.stdout.write(`[bench] ${message}\n`);
}

/** `vite build` in a child process with NODE_ENV=production; skipped with BENCH_SKIP_BUILD=1. */
export async function buildApp(): Promise<'built' | 'skipped'> {
  if (process.env.BENCH_SKIP_BUILD === '1' && existsSync(join(DIST_DIR, 'index.html'))) return 'skipped';
  const viteBin = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
  return 'built';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

export interface DelayProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A pass-through in front of the mock API that delays every CORS preflight by `latencyMs`.
 * The mock adds its latency inside its request handlers, which OPTIONS never reaches, so a
 * preflight there costs a loopback round trip (~1 ms); across a real network it costs a full
 * round trip like the GET it precedes. GETs are forwarded at once (the mock delays them).
 */
export async function startPreflightDelayProxy(targetUrl: string, latencyMs: number): Promise<DelayProxy> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createServer((req, res) => {
    const forward = () => {
      const upstream = httpRequest(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: target.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    };
    if (req.method === 'OPTIONS') setTimeout(forward, latencyMs);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${HOST}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

/**
 * The mock builds an event's registrations on first use (a few hundred ms for 25,000): ask
 * once before measuring, so the first set-up does not pay for it and the others not.
 */
export async function warmUp(apiUrl: string, eventId: number, apiKey: string): Promise<void> {
  const answer = await fetch(`${apiUrl}/v1/events/${eventId}/registrations?page=1&per_page=1`, {
    headers: { 'X-API-Key': apiKey },
  });
  if (!answer.ok) throw new Error(`Warm-up request failed: HTTP ${answer.status}`);
  await answer.arrayBuffer();
}

export interface Servers {
  api: MockHttpServer;
  /** Origin of the built app served by vite preview (proxying /partner-api to the API). */
  appUrl: string;
  /** The mock API behind a pass-through that gives preflights the same latency as GETs. */
  slowPreflightUrl: string;
  close(): Promise<void>;
}

export async function startServers(options: { latencyMs: number; maxPerPage: number }): Promise<Servers> {
  const api = await startMockHttpServer({
    port: 0,
    latencyMs: options.latencyMs,
    maxPerPage: options.maxPerPage,
  });
  const delayProxy = await startPreflightDelayProxy(api.url, options.latencyMs);
  // vite.config.ts reads API_PROXY_TARGET while preview() resolves the config.
  process.env.API_PROXY_TARGET = api.url;
  let app: PreviewServer;
  try {
    app = await preview({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      preview: { host: HOST, port: await freePort(), strictPort: true, open: false },
    });
  } catch (error) {
    await delayProxy.close();
    await api.close();
    throw error;
  }
  const address = app.httpServer.address() as AddressInfo;
  return {
    api,
    appUrl: `http://${HOST}:${address.port}`,
    slowPreflightUrl: delayProxy.url,
    async close() {
      await app.close();
      await delayProxy.close();
      await api.close();
    },
  };
}
