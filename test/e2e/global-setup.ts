import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { freePort, startNginx } from '../deploy/nginx-server';

/** One worker's servers: the files a worker runs share them, one file at a time. */
export interface E2eServers {
  /** Origin of the built app, e.g. http://127.0.0.1:41234 */
  appUrl: string;
  /** Origin of the demo Partner API over real HTTP (also the target of /partner-api). */
  apiUrl: string;
  /** Test-only control endpoint: GET /stats -> the API's request counts, POST /reset zeroes them. */
  apiControlUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** What serves the app: `vite preview`, or the repository's nginx configuration (E2E_SERVER=nginx). */
    appServer: AppServer;
    /** Per worker (VITEST_POOL_ID 1, 2…), its own app and demo API: see app.ts. */
    servers: E2eServers[];
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

/**
 * A demo API and its control server in a child process (api-process.ts: the demo's data and
 * clock are module state, one set per process), on free ports.
 */
async function startApiProcess(): Promise<{ apiUrl: string; controlUrl: string; close(): Promise<void> }> {
  const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, join(root, 'test', 'e2e', 'api-process.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.node.json') },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const urls = await new Promise<{ apiUrl: string; controlUrl: string }>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) {
        try {
          resolve(JSON.parse(line) as { apiUrl: string; controlUrl: string });
        } catch (error) {
          reject(new Error(`api-process.ts said: ${output}`, { cause: error }));
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`api-process.ts exited with ${code}: ${output}`)));
  });
  return {
    ...urls,
    async close() {
      child.stdin.end();
      child.kill('SIGTERM');
      await exited;
    },
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

/** A demo API, its control server and an app server in front of it: one worker's set. */
async function startServers(appServer: AppServer): Promise<E2eServers & { close(): Promise<void> }> {
  const api = await startApiProcess();
  const { apiUrl } = api;
  let app: { url: string; close(): Promise<void> };
  try {
    if (appServer === 'nginx') {
      const nginx = await startNginx({
        distDir,
        upstream: apiUrl,
        cspReportUri: `${api.controlUrl}/csp-report`,
      });
      app = { url: nginx.url, close: () => nginx.stop() };
    } else {
      app = await startVitePreview(apiUrl);
    }
  } catch (error) {
    // Do not leave the API running (vitest would hang on the open handle).
    await api.close();
    throw error;
  }
  return {
    appUrl: app.url,
    apiUrl,
    apiControlUrl: api.controlUrl,
    async close() {
      await app.close();
      await api.close();
    },
  };
}

/**
 * Once per run: build the app (skipped with E2E_SKIP_BUILD=1 when dist/ exists), then for each
 * worker (vitest's maxWorkers) a demo Partner API on a free port and dist/ served by `vite
 * preview` proxying /partner-api to it, or with E2E_SERVER=nginx by the repository's nginx
 * configuration (deploy/nginx/), which sends the Content Security Policy as a header too: its
 * violation reports are collected, and the run fails on any. Each worker has its own set, so
 * one file's demo clock, request counts or device copy never meet another's; app.ts picks the
 * worker's (`appUrl`, `apiUrl`).
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

  const workers = Math.max(1, project.config.maxWorkers);
  const servers: Awaited<ReturnType<typeof startServers>>[] = [];
  try {
    for (let worker = 0; worker < workers; worker += 1) servers.push(await startServers(appServer));
  } catch (error) {
    for (const set of servers) await set.close();
    throw error;
  }

  project.provide('appServer', appServer);
  project.provide(
    'servers',
    servers.map(({ appUrl, apiUrl, apiControlUrl }) => ({ appUrl, apiUrl, apiControlUrl })),
  );
  for (const [index, set] of servers.entries())
    log(`worker ${index + 1}: app ${set.appUrl} (${appServer}) -> api ${set.apiUrl}`);
  log(`ready in ${Math.round(performance.now() - started)} ms`);

  return async () => {
    const cspReports: string[] = [];
    if (appServer === 'nginx') {
      for (const set of servers) {
        const response = await fetch(`${set.apiControlUrl}/csp-reports`);
        cspReports.push(...((await response.json()) as string[]));
      }
    }
    for (const set of servers) await set.close();
    if (appServer === 'nginx') {
      // Reports come from every document and worker of every file: a violation in a worker
      // (the workbook's, the device copy's) is seen nowhere else.
      if (cspReports.length > 0) {
        throw new Error(
          `Content Security Policy violations reported through nginx's header policy:\n  ${cspReports.join('\n  ')}`,
        );
      }
      log('0 Content Security Policy violations reported under the header policy');
    }
  };
}
