import fc from 'fast-check';
import { parsePageReaderReply, parsePageReaderRequest, readPageBytes } from './page-reader-protocol';

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;

describe('reading a page of registrations', () => {
  it('answers the checked rows, with the metadata beside them', () => {
    const reading = readPageBytes(
      bytesOf(JSON.stringify({ registrations: [{ registration_id: '7', first_name: 'Zoë' }], total: 1 })),
    );
    expect(reading).toMatchObject({
      ok: true,
      data: { registrations: [{ registration_id: 7, first_name: 'Zoë', custom_questions: [] }], total: 1 },
    });
  });

  it('tells an HTML error page from JSON that does not match, naming the field', () => {
    expect(readPageBytes(bytesOf('<html><body>Bad gateway</body></html>'))).toMatchObject({
      ok: false,
      problem: 'not-json',
    });
    expect(readPageBytes(bytesOf('{"registrations":[{"first_name":"Ana"}]}'))).toMatchObject({
      ok: false,
      problem: 'invalid',
      field: 'registrations[0].registration_id',
    });
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const reading = readPageBytes(bytes.slice().buffer);
        expect(typeof reading.ok).toBe('boolean');
      }),
    );
  });
});

describe("the worker's replies", () => {
  const rows = { ok: true, data: { registrations: [] } };

  it('keeps a reply the worker could have sent', () => {
    expect(parsePageReaderReply({ id: 3, kind: 'reading', reading: rows })).toEqual({
      id: 3,
      kind: 'reading',
      reading: rows,
    });
    const invalid = { ok: false, problem: 'invalid', field: 'registrations', detail: 'expected array' };
    expect(parsePageReaderReply({ id: 4, kind: 'reading', reading: invalid })).toEqual({
      id: 4,
      kind: 'reading',
      reading: invalid,
    });
    const headers = [['retry-after', '3']];
    expect(parsePageReaderReply({ id: 5, kind: 'response', status: 429, headers, reading: null })).toEqual({
      id: 5,
      kind: 'response',
      status: 429,
      headers,
      reading: null,
    });
    expect(
      parsePageReaderReply({ id: 6, kind: 'response', status: 200, headers: [], reading: rows }),
    ).toMatchObject({
      reading: rows,
    });
    expect(parsePageReaderReply({ id: 7, kind: 'failed', detail: 'Failed to fetch' })).toEqual({
      id: 7,
      kind: 'failed',
      detail: 'Failed to fetch',
    });
  });

  it('refuses anything else, and never throws', () => {
    expect(
      parsePageReaderReply({ id: 3, kind: 'reading', reading: { ok: true, data: { registrations: 'x' } } }),
    ).toBeNull();
    expect(parsePageReaderReply({ id: '3', kind: 'reading', reading: rows })).toBeNull();
    expect(
      parsePageReaderReply({ id: 3, kind: 'reading', reading: { ok: false, problem: 'other', detail: '' } }),
    ).toBeNull();
    // A success without its reading, an error with one, a status no Response can have.
    expect(
      parsePageReaderReply({ id: 3, kind: 'response', status: 200, headers: [], reading: null }),
    ).toBeNull();
    expect(
      parsePageReaderReply({ id: 3, kind: 'response', status: 500, headers: [], reading: rows }),
    ).toBeNull();
    expect(
      parsePageReaderReply({ id: 3, kind: 'response', status: 0, headers: [], reading: null }),
    ).toBeNull();
    expect(
      parsePageReaderReply({ id: 3, kind: 'response', status: 404, headers: [['a']], reading: null }),
    ).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const reply = parsePageReaderReply(message);
        expect(reply === null || Number.isSafeInteger(reply.id)).toBe(true);
      }),
    );
  });

  it('gives only statuses and headers a Response can be built with', () => {
    const header = fc.tuple(fc.string(), fc.string());
    const reply = fc.record({
      id: fc.integer(),
      kind: fc.constantFrom('response', 'failed', 'reading', 'other'),
      status: fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.anything()),
      headers: fc.oneof(fc.array(header), fc.anything()),
      reading: fc.oneof(fc.constant(null), fc.constant(rows), fc.anything()),
      detail: fc.oneof(fc.string(), fc.anything()),
    });
    fc.assert(
      fc.property(reply, (message) => {
        const parsed = parsePageReaderReply(message);
        if (parsed?.kind !== 'response') return;
        expect(parsed.status).toBeGreaterThanOrEqual(200);
        expect(parsed.status).toBeLessThanOrEqual(599);
        expect(
          parsed.headers.every(([name, value]) => typeof name === 'string' && typeof value === 'string'),
        ).toBe(true);
      }),
    );
  });
});

describe("the page's requests, as the worker reads them", () => {
  it('keeps a fetch of an http(s) address, a cancel and bytes to read', () => {
    const headers = [['x-api-key', 'k']];
    expect(
      parsePageReaderRequest({ id: 1, kind: 'fetch', url: 'https://api.example.com/v1/x', headers }),
    ).toEqual({
      id: 1,
      kind: 'fetch',
      url: 'https://api.example.com/v1/x',
      headers,
    });
    expect(parsePageReaderRequest({ id: 2, kind: 'cancel' })).toEqual({ id: 2, kind: 'cancel' });
    expect(parsePageReaderRequest({ id: 3, kind: 'read', bytes: bytesOf('{}') })).toMatchObject({
      kind: 'read',
    });
  });

  it('refuses other addresses and shapes, and never throws', () => {
    expect(
      parsePageReaderRequest({ id: 1, kind: 'fetch', url: 'javascript:alert(1)', headers: [] }),
    ).toBeNull();
    expect(parsePageReaderRequest({ id: 1, kind: 'fetch', url: '/v1/x', headers: [] })).toBeNull();
    expect(parsePageReaderRequest({ id: 1, kind: 'read', bytes: 'text' })).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const request = parsePageReaderRequest(message);
        expect(request === null || Number.isSafeInteger(request.id)).toBe(true);
        if (request?.kind === 'fetch') expect(request.url).toMatch(/^https?:\/\//i);
      }),
    );
  });
});
