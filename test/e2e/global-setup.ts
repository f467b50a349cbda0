import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { startMockHttpServer } from '../../src/mocks/server/http-server';
import { freePort, startNginx } from '../deploy/nginx-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the built app, e.g. http://127.0.0.1:41234 */
    appUrl: string;
    /** What serves it: `vite preview`, or the repository's nginx configuration (E2E_SERVER=nginx). */
    appServer: AppServer;
    /** Origin of the demo Partner API over real HTTP (also the target of /partner-api). */
    apiUrl: string;
    /** Test-only control endpoint: GET /stats -> the API's request counts, POST /reset zeroes them. */
    apiControlUrl: string;
  }
}

type AppServer = 'vite' | 'nginx';

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

/** One Content Security Policy violation, as the browser reports it (report-uri). */
function describeReport(body: string): string {
  try {
    const { 'csp-report': report } = JSON.parse(body) as { 'csp-report'?: Record<string, unknown> };
    if (report) {
      const field = (name: string) => (typeof report[name] === 'string' ? report[name] : '?');
      return `${field('violated-directive')} blocked ${field('blocked-uri')} on ${field('document-uri')} (${field('source-file')})`;
    }
  } catch {
    // Reported as it came.
  }
  return body;
}

/**
 * The mock API's request counters live in this process; tests run in workers, so they read
 * them over HTTP (GET /stats, POST /reset) to prove which server answered a request. Served by
 * nginx, the header policy's report-uri points here too (POST /csp-report; GET /csp-reports
 * lists them): a violation in any document or worker of any test file is collected.
 */
async function startControlServer(api: Awaited<ReturnType<typeof startMockHttpServer>>) {
  const cspReports: string[] = [];
  const server = createHttpServer((req, res) => {
    if (req.method === 'POST' && req.url === '/csp-report') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        cspReports.push(describeReport(body));
        res.statusCode = 204;
        res.end();
      });
      return;
    }
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url === '/csp-reports') {
      res.end(JSON.stringify(cspReports));
      return;
    }
    if (req.method === 'POST' && req.url === '/reset') api.resetStats();
    else if (req.method !== 'GET' || req.url !== '/stats') res.statusCode = 404;
    res.end(JSON.stringify(api.stats()));
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${HOST}:${port}`,
    cspReports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `vite preview` of dist/, proxying /partner-api to the demo API. */
async function startVitePreview(apiUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  // vite.config.ts reads API_PROXY_TARGET when the config is resolved, i.e. inside preview().
  const previousTarget = process.env.API_PROXY_TARGET;
  process.env.API_PROXY_TARGET = apiUrl;
  const restoreTarget = () => {
    if (previousTarget === undefined) delete process.env.API_PROXY_TARGET;
    else process.env.API_PROXY_TARGET = previousTarget;
  };
  try {
    const port = await freePort();
    const app: PreviewServer = await preview({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      preview: { host: HOST, port, strictPort: true, open: false },
    });
    const address = app.httpServer.address();
    return {
      url: `http://${HOST}:${typeof address === 'object' && address ? address.port : 0}`,
      async close() {
        await app.close();
        restoreTarget();
      },
    };
  } catch (error) {
    restoreTarget();
    throw error;
  }
}

function appServerFromEnv(): AppServer {
  const server = process.env.E2E_SERVER ?? 'vite';
  if (server !== 'vite' && server !== 'nginx')
    throw new Error(`E2E_SERVER=${server}: expected vite or nginx`);
  return server;
}

/**
 * Once per run: build the app (skipped with E2E_SKIP_BUILD=1 when dist/ exists), start the
 * demo Partner API on a free port, and serve dist/ with `vite preview` proxying /partner-api
 * to it, or with E2E_SERVER=nginx through the repository's nginx configuration
 * (deploy/nginx/), which sends the Content Security Policy as a header too: its violation
 * reports are collected, and the run fails on any. Tests read both origins with
 * `inject('appUrl')` / `inject('apiUrl')`.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const appServer = appServerFromEnv();
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(distDir, 'index.html'))) {
    log('E2E_SKIP_BUILD=1: reusing dist/');
  } else {
    await buildApp();
    log(`built dist/ in ${Math.round(performance.now() - started)} ms`);
  }

  const api = await startMockHttpServer({ port: 0 });
  const apiUrl = api.url.replace(/\/+$/, '');
  const control = await startControlServer(api);

  let app: { url: string; close(): Promise<void> };
  try {
    if (appServer === 'nginx') {
      const nginx = await startNginx({
        distDir,
        upstream: apiUrl,
        cspReportUri: `${control.url}/csp-report`,
      });
      app = { url: nginx.url, close: () => nginx.stop() };
    } else {
      app = await startVitePreview(apiUrl);
    }
  } catch (error) {
    // Do not leave the API listening (vitest would hang on the open handle).
    await control.close();
    await api.close();
    throw error;
  }

  project.provide('appUrl', app.url);
  project.provide('appServer', appServer);
  project.provide('apiUrl', apiUrl);
  project.provide('apiControlUrl', control.url);
  log(
    `app ${app.url} (${appServer}) -> api ${apiUrl} (ready in ${Math.round(performance.now() - started)} ms)`,
  );

  return async () => {
    await app.close();
    await control.close();
    await api.close();
    if (appServer === 'nginx') {
      // Reports come from every document and worker of every file: a violation in a worker
      // (the workbook's, the device copy's) is seen nowhere else.
      if (control.cspReports.length > 0) {
        throw new Error(
          `Content Security Policy violations reported through nginx's header policy:\n  ${control.cspReports.join('\n  ')}`,
        );
      }
      log('0 Content Security Policy violations reported under the header policy');
    }
  };
}
