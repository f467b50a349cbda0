import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { startMockHttpServer } from '../../src/mocks/server/http-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app served by `vite preview`, e.g. http://127.0.0.1:41234 */
    appUrl: string;
    /** Origin of the demo Partner API over real HTTP (also the target of /partner-api). */
    apiUrl: string;
    /** Test-only control endpoint: GET /stats -> the API's request counts, POST /reset zeroes them. */
    apiControlUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const distDir = join(root, 'dist');
const HOST = '127.0.0.1';

function log(message: string) {
  process.stdout.write(`[e2e] ${message}\n`);
}

/** `vite build` in a child process, so NODE_ENV=production (vitest sets it to 'test'). */
function buildApp(): Promise<void> {
  const viteBin = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build exited with ${code}`)),
    );
  });
}

/** A port that was free a moment ago (vite preview then binds it with strictPort). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The mock API's request counters live in this process; tests run in workers, so they read
 * them over HTTP (GET /stats, POST /reset) to prove which server answered a request.
 */
async function startControlServer(api: Awaited<ReturnType<typeof startMockHttpServer>>) {
  const server = createHttpServer((req, res) => {
    if (req.method === 'POST' && req.url === '/reset') api.resetStats();
    else if (req.method !== 'GET' || req.url !== '/stats') res.statusCode = 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(api.stats()));
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${HOST}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Once per run: build the app (skipped with E2E_SKIP_BUILD=1 when dist/ exists), start the
 * demo Partner API on a free port, and serve dist/ with `vite preview` proxying /partner-api
 * to it. Tests read both origins with `inject('appUrl')` / `inject('apiUrl')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(distDir, 'index.html'))) {
    log('E2E_SKIP_BUILD=1: reusing dist/');
  } else {
    await buildApp();
    log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
  }

  const api = await startMockHttpServer({ port: 0 });
  const apiUrl = api.url.replace(/\/+$/, '');
  const control = await startControlServer(api);

  // vite.config.ts reads API_PROXY_TARGET when the config is resolved, i.e. inside preview().
  const previousTarget = process.env.API_PROXY_TARGET;
  process.env.API_PROXY_TARGET = apiUrl;
  const restoreTarget = () => {
    if (previousTarget === undefined) delete process.env.API_PROXY_TARGET;
    else process.env.API_PROXY_TARGET = previousTarget;
  };
  let app: PreviewServer;
  try {
    const port = await freePort();
    app = await preview({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      preview: { host: HOST, port, strictPort: true, open: false },
    });
  } catch (error) {
    // Do not leave the API listening (vitest would hang on the open handle).
    await control.close();
    await api.close();
    restoreTarget();
    throw error;
  }
  const address = app.httpServer.address();
  const appUrl = `http://${HOST}:${typeof address === 'object' && address ? address.port : 0}`;

  project.provide('appUrl', appUrl);
  project.provide('apiUrl', apiUrl);
  project.provide('apiControlUrl', control.url);
  log(`app ${appUrl} -> api ${apiUrl} (ready in ${Math.round(performance.now() - started)} ms)`);

  return async () => {
    await app.close();
    await control.close();
    await api.close();
    restoreTarget();
  };
}
