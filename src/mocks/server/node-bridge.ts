import type { IncomingMessage, ServerResponse } from 'node:http';
import { demoNow } from '../data/clock';

/**
 * Conversions between node:http and fetch objects, so msw's getResponse() can answer real
 * HTTP requests (@mswjs/http-middleware does this but is broken with msw 3).
 */

/** A fetch Request for a GET-only API (and bodiless demo POSTs): bodies are drained and ignored. */
export function toFetchRequest(req: IncomingMessage, serverUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  req.resume();
  // The server's own URL as base, not the Host header, which a client may set to anything.
  return new Request(new URL(req.url ?? '/', serverUrl), { method: req.method ?? 'GET', headers });
}

export async function writeFetchResponse(
  res: ServerResponse,
  response: Response,
  extraHeaders: Readonly<Record<string, string>>,
): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, { ...headers, ...extraHeaders, 'content-length': body.length });
  res.end(body);
}

export function writeJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extraHeaders: Readonly<Record<string, string>>,
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    date: demoNow().toUTCString(),
    ...extraHeaders,
  });
  res.end(text);
}
