import { execFile } from 'node:child_process';

export interface FloorFigures {
  requests: number;
  totalMs: number;
  medianMs: number;
  p90Ms: number;
}

/**
 * The fastest a client could load the same pages through the same servers: a bare Node
 * client in its own process (so it does not compete with the mock's event loop), six
 * requests at a time, bodies read but not parsed, an OPTIONS before each GET when asked.
 * The gap between this and the browser figure is the app's (and the browser's) own cost.
 */
const CLIENT = `
const [base, eventId, key, lastPage, pool, preflight] = process.argv.slice(1);
let next = 0;
const durations = [];
const started = performance.now();
async function worker() {
  for (;;) {
    const page = next++;
    if (page > Number(lastPage)) return;
    const url = base + '/v1/events/' + eventId + '/registrations?page=' + page + '&per_page=500';
    const t0 = performance.now();
    if (preflight === '1') {
      const answer = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://bench.invalid',
        'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' } });
      await answer.arrayBuffer();
    }
    const answer = await fetch(url, { headers: { 'X-API-Key': key } });
    await answer.arrayBuffer();
    durations.push(performance.now() - t0);
  }
}
await Promise.all(Array.from({ length: Number(pool) }, worker));
const totalMs = performance.now() - started;
durations.sort((a, b) => a - b);
const at = (q) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))];
console.log(JSON.stringify({ requests: durations.length, totalMs, medianMs: at(0.5), p90Ms: at(0.9) }));
`;

export function measureFloor(options: {
  baseUrl: string;
  eventId: number;
  apiKey: string;
  lastPage: number;
  pool: number;
  preflight: boolean;
}): Promise<FloorFigures> {
  const args = [
    '--input-type=module',
    '-e',
    CLIENT,
    options.baseUrl,
    String(options.eventId),
    options.apiKey,
    String(options.lastPage),
    String(options.pool),
    options.preflight ? '1' : '0',
  ];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 120_000 }, (error, stdout) => {
      if (error) reject(new Error(`The floor client failed: ${error.message}`, { cause: error }));
      else resolve(JSON.parse(stdout) as FloorFigures);
    });
  });
}
