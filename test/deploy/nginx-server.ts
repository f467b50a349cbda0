/**
 * Debian's nginx serving the built app with the repository's configuration
 * (deploy/nginx/render.ts), on loopback, for the deployment checks (nginx.deploy.ts) and the
 * browser tests run through nginx (E2E_SERVER=nginx, test/e2e/global-setup.ts).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readSettings, renderNginx, type NginxSettings } from '../../deploy/nginx/render';

const HOST = '127.0.0.1';

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH; NGINX_BIN overrides. */
export const NGINX_BIN =
  process.env.NGINX_BIN ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

/** A port that was free a moment ago (the server then binds it). */
export function freePort(): Promise<number> {
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
 * Options run as root would need: without a `user` directive nginx's workers run as nobody,
 * which cannot read a checkout under /root nor this temporary directory. Only for this
 * loopback test server; the rendered configuration itself needs no root.
 */
function globalDirectives(): string {
  return process.getuid?.() === 0 ? 'daemon off; user root;' : 'daemon off;';
}

/** `nginx -t` on a rendered configuration: its output, or an error carrying it. */
export async function nginxTest(confFile: string): Promise<string> {
  try {
    const { stderr } = await promisify(execFile)(NGINX_BIN, [
      '-t',
      '-e',
      'stderr',
      '-c',
      confFile,
      '-g',
      globalDirectives(),
    ]);
    return stderr;
  } catch (error) {
    const output = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`nginx -t failed for ${confFile}:\n${output}`, { cause: error });
  }
}

export interface NginxServer {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  settings: NginxSettings;
  /** What `nginx -t` said of the rendered configuration. */
  testOutput: string;
  stop(): Promise<void>;
}

export interface StartNginxOptions {
  distDir: string;
  /** PARTNER_API_UPSTREAM: where /partner-api/ goes. */
  upstream: string;
  /** CSP_REPORT_URI, when the caller collects violation reports. */
  cspReportUri?: string;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${output()}`);
    try {
      await fetch(url, { headers: { accept: 'text/html' } });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer on ${url} within 10 s:\n${output()}`);
}

/**
 * Renders the configuration into a temporary directory (pid and temporary files there too),
 * checks it with `nginx -t`, and runs nginx in the foreground on a free loopback port.
 */
export async function startNginx(options: StartNginxOptions): Promise<NginxServer> {
  if (!existsSync(NGINX_BIN) && NGINX_BIN !== 'nginx') throw new Error(`No nginx at ${NGINX_BIN}`);
  const dir = await mkdtemp(join(tmpdir(), 'promoter-dashboard-nginx-'));
  const port = await freePort();
  const settings = readSettings({
    LISTEN: `${HOST}:${port}`,
    DIST_DIR: options.distDir,
    PARTNER_API_UPSTREAM: options.upstream,
    NGINX_OUT_DIR: join(dir, 'conf'),
    NGINX_RUN_DIR: join(dir, 'run'),
    // No test reads it.
    NGINX_ACCESS_LOG: 'off',
    CSP_REPORT_URI: options.cspReportUri,
  });
  let child: ChildProcess | undefined;
  try {
    await renderNginx(settings);
    const confFile = join(settings.confDir, 'nginx.conf');
    const testOutput = await nginxTest(confFile);
    let output = '';
    child = spawn(NGINX_BIN, ['-e', 'stderr', '-c', confFile, '-g', globalDirectives()], {
      // Errors (stderr) explain a failed start.
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const url = `http://${HOST}:${port}`;
    await waitUntilServing(url, child, () => output);
    const running = child;
    return {
      url,
      settings,
      testOutput,
      async stop() {
        if (running.exitCode === null) {
          const exited = new Promise((resolve) => running.once('exit', resolve));
          running.kill('SIGTERM');
          await exited;
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    child?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
