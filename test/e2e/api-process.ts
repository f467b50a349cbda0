/**
 * One worker's demo Partner API, in a process of its own (global-setup.ts starts one per
 * worker): the demo's data and clock are module state, so two APIs in one process would share
 * them, and a file that moves the demo clock (device-tabs.e2e.ts) would move it under the
 * other worker's files too. Beside it, the test-only control server:
 *
 * - GET /stats: the API's request counts (tests run in workers, so they read them over HTTP to
 *   prove which server answered a request); POST /reset zeroes them.
 * - POST /csp-report, GET /csp-reports: served by nginx, the header policy's report-uri points
 *   here: a violation in any document or worker of any test file is collected.
 *
 * Prints one JSON line, { apiUrl, controlUrl }, once both listen; stops on SIGTERM or when its
 * parent closes stdin.
 */
import { createServer } from 'node:http';
import { startMockHttpServer } from '../../src/mocks/server/http-server';

const HOST = '127.0.0.1';

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

const api = await startMockHttpServer({ port: 0 });
const cspReports: string[] = [];
const control = createServer((req, res) => {
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
await new Promise<void>((resolve) => control.listen(0, HOST, resolve));
const address = control.address();
const port = typeof address === 'object' && address ? address.port : 0;

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  control.closeAllConnections();
  await Promise.all([new Promise((resolve) => control.close(resolve)), api.close()]);
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

process.stdout.write(
  `${JSON.stringify({ apiUrl: api.url.replace(/\/+$/, ''), controlUrl: `http://${HOST}:${port}` })}\n`,
);
