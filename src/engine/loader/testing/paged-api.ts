import { delay, http, HttpResponse, type HttpHandler } from 'msw';

/*
 * Test-only msw handler for the registrations endpoint, playing the paging conventions the
 * demo API does not offer (page 0 refused, 404 past the end, nested metadata, shifting
 * pages, failures on demand) and counting the requests that are open at the same time.
 */

export const TEST_ORIGIN = 'http://api.test';
export const REGISTRATIONS_URL = `${TEST_ORIGIN}/v1/events/:eventId/registrations`;

export interface PageCall {
  /** The event in the URL: several loads may share one paged API. */
  eventId: number;
  page: number;
  perPage: number;
  updatedSince: string | null;
  /** How many calls (this one included) were open when it started. */
  openAtStart: number;
  /** Order in which the call started, from 0. */
  index: number;
}

export interface PagedApiOptions {
  /** Rows 1..total (registration_id = n). */
  total: number;
  firstPage?: 0 | 1;
  /** per_page above this is silently lowered. */
  maxPerPage?: number;
  latencyMs?: number;
  /** A page below the first: read as the first page (PHP-style), empty, or refused with 400. */
  belowFirst?: 'clamp' | 'empty' | 400;
  /** A page past the end: empty (default) or 404. */
  pastEnd?: 'empty' | 404;
  /** Where paging metadata goes, if anywhere. */
  meta?: 'top' | 'meta' | 'pagination' | null;
  /** The Date header (null: none). */
  date?: string | null;
  /** Shift every page after the first back by this many rows, as when rows are inserted mid-load. */
  shift?: number;
  /** Answer this call differently (429, 500, …); undefined = the normal answer. */
  intercept?: (call: PageCall, attempt: number) => Response | undefined;
}

export interface PagedApi {
  handler: HttpHandler;
  calls: PageCall[];
  /** Most calls ever open at the same time. */
  maxOpen: () => number;
  /** Calls made for one page, in order. */
  callsFor: (page: number) => PageCall[];
}

export function row(id: number) {
  return {
    registration_id: id,
    event_id: 7,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `p${id}@example.test`,
  };
}

export function pagedApi(options: PagedApiOptions): PagedApi {
  const {
    total,
    firstPage = 1,
    maxPerPage = 1000,
    latencyMs = 0,
    belowFirst = 'clamp',
    pastEnd = 'empty',
  } = options;
  const calls: PageCall[] = [];
  const attempts = new Map<number, number>();
  let open = 0;
  let maxOpen = 0;

  const handler = http.get(REGISTRATIONS_URL, async ({ request, params }) => {
    const url = new URL(request.url);
    const requested = Number(url.searchParams.get('page') ?? firstPage);
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 50), maxPerPage);
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    // A request the client aborted (a page found to lie past the end) is closed, as a real
    // connection would be, even though this handler's delay runs on.
    let closed = false;
    const close = () => {
      if (!closed) open -= 1;
      closed = true;
    };
    request.signal.addEventListener('abort', close, { once: true });
    const call: PageCall = {
      eventId: Number(params.eventId),
      page: requested,
      perPage,
      updatedSince: url.searchParams.get('updated_since'),
      openAtStart: open,
      index: calls.length,
    };
    calls.push(call);
    const attempt = (attempts.get(requested) ?? 0) + 1;
    attempts.set(requested, attempt);
    try {
      if (latencyMs > 0) await delay(latencyMs);
      const headers: Record<string, string> = {};
      if (options.date !== null) headers.Date = options.date ?? new Date().toUTCString();
      const special = options.intercept?.(call, attempt);
      if (special) return special;
      if (requested < firstPage && belowFirst === 400)
        return HttpResponse.json({ error: 'bad page' }, { status: 400, headers });
      const page = requested < firstPage && belowFirst === 'clamp' ? firstPage : requested;
      const index = page - firstPage;
      const start = index === 0 ? 0 : Math.max(0, index * perPage - (options.shift ?? 0));
      const ids =
        requested < firstPage && belowFirst === 'empty'
          ? []
          : range(start + 1, Math.min(total, start + perPage));
      if (ids.length === 0 && index > 0 && pastEnd === 404)
        return HttpResponse.json({ error: 'no such page' }, { status: 404, headers });
      const meta = { page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
      const body: Record<string, unknown> = { registrations: ids.map(row) };
      if (options.meta === 'top') Object.assign(body, meta);
      else if (options.meta) body[options.meta] = meta;
      return HttpResponse.json(body, { headers });
    } finally {
      close();
    }
  });

  return {
    handler,
    calls,
    maxOpen: () => maxOpen,
    callsFor: (page) => calls.filter((call) => call.page === page),
  };
}

function range(from: number, to: number): number[] {
  const ids: number[] = [];
  for (let id = from; id <= to; id++) ids.push(id);
  return ids;
}

export function status(code: number, headers: Record<string, string> = {}): Response {
  return HttpResponse.json({ error: 'test' }, { status: code, headers });
}
