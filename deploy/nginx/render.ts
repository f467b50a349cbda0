/**
 * Renders the nginx configuration of the dashboard and its config.json from environment
 * variables, at start-up rather than at build time, so one build serves any operator:
 *
 *   PARTNER_API_UPSTREAM=https://api.example.com npm run -s deploy:nginx
 *
 * Writes nginx.conf, security-headers.conf (included by every location) and config.json into
 * NGINX_OUT_DIR. Only the variables below are substituted (like envsubst with a list): every
 * other `$name` in the templates is nginx's own. See docs/deploying.md, "nginx, with this
 * repository's configuration".
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { contentSecurityPolicyHeader } from '../content-security-policy.ts';

/** Every setting, after defaults and checks. */
export interface NginxSettings {
  /** Where nginx listens: a port, or address:port (127.0.0.1:8080). */
  listen: string;
  /** The built app, as nginx will see it (absolute). */
  distDir: string;
  /** The Partner API that /partner-api/ forwards to, without a trailing slash. */
  partnerApiUpstream: string;
  /** config.json's `apiBaseUrl`: what the sign-in screen starts with. */
  apiBaseUrl: string;
  /** Where the rendered files are written. */
  outDir: string;
  /** Where nginx will read them (the same unless they are mounted elsewhere, in a container). */
  confDir: string;
  /** nginx's pid file and temporary files (absolute, writable by nginx). */
  runDir: string;
  mimeTypes: string;
  /** The CA bundle that verifies an HTTPS upstream's certificate. */
  caCertificates: string;
  /**
   * The access log: a file (default: access.log in runDir), /dev/stdout for a container's log
   * (it cannot be opened when stdout is a socket, as under systemd), or off.
   */
  accessLog: string;
  /** Optional: where browsers POST Content Security Policy violation reports. */
  cspReportUri: string | undefined;
}

/**
 * Features the app never uses, denied to it and to anything embedded: a script injected into
 * the page could not ask for them either. Only names Chromium knows (an unknown one is logged
 * as a console error on every page).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

type Env = Record<string, string | undefined>;

/** A value pasted into the configuration must not be able to end a directive or a string. */
const UNSAFE_IN_CONF = /[\s;{}"'$#\\]/;

function checked(name: string, value: string, pattern: RegExp, expected: string): string {
  if (!pattern.test(value) || UNSAFE_IN_CONF.test(value)) {
    throw new Error(`${name}=${JSON.stringify(value)}: expected ${expected}`);
  }
  return value;
}

function absolutePath(name: string, value: string, cwd: string): string {
  const path = resolve(cwd, value);
  if (UNSAFE_IN_CONF.test(path)) throw new Error(`${name}=${JSON.stringify(value)}: no spaces or quotes`);
  return path;
}

function upstreamUrl(value: string | undefined): string {
  if (!value) {
    throw new Error(
      'PARTNER_API_UPSTREAM is required: the Partner API that /partner-api/ forwards to, e.g. https://api.example.com',
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PARTNER_API_UPSTREAM=${JSON.stringify(value)}: not a URL`);
  }
  if (
    !/^https?:$/.test(url.protocol) ||
    url.search ||
    url.hash ||
    url.username ||
    url.password ||
    UNSAFE_IN_CONF.test(value)
  ) {
    throw new Error(`PARTNER_API_UPSTREAM=${JSON.stringify(value)}: expected http(s)://host[:port][/path]`);
  }
  return value.replace(/\/+$/, '');
}

function apiBaseUrl(value: string | undefined): string {
  // Through the proxy by default: same origin, so no CORS is needed from the API.
  if (value === undefined) return '/partner-api';
  if (value === '' || value.startsWith('/') || /^https?:\/\/[^\s]+$/.test(value)) return value;
  throw new Error(
    `API_BASE_URL=${JSON.stringify(value)}: expected /partner-api, an https:// address, or empty`,
  );
}

/** The settings from environment variables (each in docs/deploying.md's table of variables). */
export function readSettings(env: Env, cwd: string = process.cwd()): NginxSettings {
  const outDir = resolve(cwd, env.NGINX_OUT_DIR || 'deploy/nginx/rendered');
  const runDir = absolutePath('NGINX_RUN_DIR', env.NGINX_RUN_DIR || '/tmp/promoter-dashboard-nginx', cwd);
  return {
    listen: checked(
      'LISTEN',
      env.LISTEN || '8080',
      /^([\w.-]+:|\[[\da-fA-F:]+\]:)?\d{1,5}$/,
      'a port or address:port',
    ),
    distDir: absolutePath('DIST_DIR', env.DIST_DIR || 'dist', cwd),
    partnerApiUpstream: upstreamUrl(env.PARTNER_API_UPSTREAM),
    apiBaseUrl: apiBaseUrl(env.API_BASE_URL),
    outDir,
    confDir: absolutePath('NGINX_CONF_DIR', env.NGINX_CONF_DIR || outDir, cwd),
    runDir,
    mimeTypes: absolutePath('NGINX_MIME_TYPES', env.NGINX_MIME_TYPES || '/etc/nginx/mime.types', cwd),
    caCertificates: absolutePath(
      'NGINX_CA_CERTIFICATES',
      env.NGINX_CA_CERTIFICATES || '/etc/ssl/certs/ca-certificates.crt',
      cwd,
    ),
    accessLog:
      env.NGINX_ACCESS_LOG === 'off'
        ? 'off'
        : absolutePath('NGINX_ACCESS_LOG', env.NGINX_ACCESS_LOG || join(runDir, 'access.log'), cwd),
    cspReportUri: env.CSP_REPORT_URI
      ? checked('CSP_REPORT_URI', env.CSP_REPORT_URI, /^(https?:\/\/|\/)\S*$/, 'an http(s):// or /path URL')
      : undefined,
  };
}

/** `${NAME}` replaced by its value; a placeholder with no value is a mistake in the template. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for ${placeholder} in the nginx template`);
    return value;
  });
}

async function template(name: string): Promise<string> {
  return readFile(fileURLToPath(new URL(name, import.meta.url)), 'utf8');
}

/** The rendered files, by name. */
export async function renderFiles(settings: NginxSettings): Promise<Record<string, string>> {
  const values = {
    LISTEN: settings.listen,
    DIST_DIR: settings.distDir,
    PARTNER_API_UPSTREAM: settings.partnerApiUpstream,
    CONF_DIR: settings.confDir,
    RUN_DIR: settings.runDir,
    MIME_TYPES: settings.mimeTypes,
    CA_CERTIFICATES: settings.caCertificates,
    ACCESS_LOG: settings.accessLog,
    CONTENT_SECURITY_POLICY: contentSecurityPolicyHeader(
      settings.cspReportUri ? { reportUri: settings.cspReportUri } : {},
    ),
    PERMISSIONS_POLICY,
  };
  return {
    'nginx.conf': fill(await template('./nginx.conf.template'), values),
    'security-headers.conf': fill(await template('./security-headers.conf.template'), values),
    'config.json': `${JSON.stringify({ apiBaseUrl: settings.apiBaseUrl }, null, 2)}\n`,
  };
}

/** Writes the files into `settings.outDir` and creates the run directory; returns their paths. */
export async function renderNginx(settings: NginxSettings): Promise<string[]> {
  const files = await renderFiles(settings);
  await mkdir(settings.outDir, { recursive: true });
  // nginx creates its temporary directories, but not their parent.
  await mkdir(settings.runDir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of Object.entries(files)) {
    const path = join(settings.outDir, name);
    await writeFile(path, text, { mode: 0o644 });
    written.push(path);
  }
  return written;
}

async function main(): Promise<void> {
  const settings = readSettings(process.env);
  const written = await renderNginx(settings);
  for (const path of written) console.log(`wrote ${path}`);
  if (!existsSync(join(settings.distDir, 'index.html'))) {
    console.warn(`note: no ${settings.distDir}/index.html here (fine if it is mounted there at run time)`);
  }
  const conf = join(settings.confDir, 'nginx.conf');
  console.log(`check: nginx -t -c ${conf}\nrun:   nginx -c ${conf} -g 'daemon off;'`);
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
