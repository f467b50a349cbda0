import fc from 'fast-check';
import { pageReaderContract } from './page-reader-contract';
import { readPageBytes } from './page-reader-protocol';

const bytesOf = (text: string) => new TextEncoder().encode(text).buffer;
const fetchParams = pageReaderContract['pages.fetch'].params;
const fetchAnswer = pageReaderContract['pages.fetch'].result;
/** A reading as the page reads it: inside a success the engine answered. */
const readAnswer = (reading: unknown) => {
  const answer = fetchAnswer({ kind: 'response', status: 200, headers: [], reading });
  return answer?.value.kind === 'response' && answer.value.reading ? { value: answer.value.reading } : null;
};

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

describe("the engine's answers, as the page reads them", () => {
  const rows = { ok: true, data: { registrations: [] } };

  it('keeps an answer the engine could have sent', () => {
    expect(readAnswer(rows)).toEqual({ value: rows });
    const invalid = { ok: false, problem: 'invalid', field: 'registrations', detail: 'expected array' };
    expect(readAnswer(invalid)).toEqual({ value: invalid });
    const notJson = { ok: false, problem: 'not-json', detail: 'Unexpected token <' };
    expect(readAnswer(notJson)).toEqual({ value: notJson });
    const headers = [['retry-after', '3']];
    expect(fetchAnswer({ kind: 'response', status: 429, headers, reading: null })).toEqual({
      value: { kind: 'response', status: 429, headers, reading: null },
    });
    expect(fetchAnswer({ kind: 'response', status: 200, headers: [], reading: rows })).toMatchObject({
      value: { reading: rows },
    });
    expect(fetchAnswer({ kind: 'failed', detail: 'Failed to fetch' })).toEqual({
      value: { kind: 'failed', detail: 'Failed to fetch' },
    });
  });

  it('refuses anything else, and never throws', () => {
    expect(readAnswer({ ok: true, data: { registrations: 'x' } })).toBeNull();
    expect(readAnswer({ ok: false, problem: 'other', detail: '' })).toBeNull();
    expect(readAnswer({ ok: false, problem: 'invalid', detail: 'no field' })).toBeNull();
    // A success without its reading, an error with one, a status no Response can have.
    expect(fetchAnswer({ kind: 'response', status: 200, headers: [], reading: null })).toBeNull();
    expect(fetchAnswer({ kind: 'response', status: 500, headers: [], reading: rows })).toBeNull();
    expect(fetchAnswer({ kind: 'response', status: 0, headers: [], reading: null })).toBeNull();
    expect(fetchAnswer({ kind: 'response', status: 404, headers: [['a']], reading: null })).toBeNull();
    expect(fetchAnswer({ kind: 'failed', detail: 3 })).toBeNull();
    expect(fetchAnswer({ kind: 'reading', reading: rows })).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (answer) => {
        const fetched = fetchAnswer(answer);
        expect(fetched === null || ['response', 'failed'].includes(fetched.value.kind)).toBe(true);
        const read = readAnswer(answer);
        expect(read === null || typeof read.value.ok === 'boolean').toBe(true);
      }),
    );
  });

  it('gives only statuses and headers a Response can be built with, and a reading with each success', () => {
    const header = fc.tuple(fc.string(), fc.string());
    const answer = fc.record({
      kind: fc.constantFrom('response', 'failed', 'other'),
      status: fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.anything()),
      headers: fc.oneof(fc.array(header), fc.anything()),
      reading: fc.oneof(fc.constant(null), fc.constant(rows), fc.anything()),
      detail: fc.oneof(fc.string(), fc.anything()),
    });
    fc.assert(
      fc.property(answer, (received) => {
        const parsed = fetchAnswer(received)?.value;
        if (parsed?.kind !== 'response') return;
        expect(parsed.status).toBeGreaterThanOrEqual(200);
        expect(parsed.status).toBeLessThanOrEqual(599);
        expect(
          parsed.headers.every(([name, value]) => typeof name === 'string' && typeof value === 'string'),
        ).toBe(true);
        expect(parsed.reading === null).toBe(parsed.status > 299);
      }),
    );
  });
});

describe("the page's calls, as the engine reads them", () => {
  it('keeps a fetch of an http(s) address, for a real API or the demo', () => {
    const headers = [['x-api-key', 'k']];
    expect(fetchParams({ url: 'https://api.example.com/v1/x', headers, demoBase: null })).toEqual({
      value: { url: 'https://api.example.com/v1/x', headers, demoBase: null },
    });
    expect(fetchParams({ url: 'HTTP://localhost:4010/v1/x', headers: [], demoBase: null })).not.toBeNull();
    const demo = { url: 'http://localhost/demo-api/v1/x', headers, demoBase: 'http://localhost/demo-api' };
    expect(fetchParams(demo)).toEqual({ value: demo });
  });

  it('refuses other addresses and shapes, and never throws', () => {
    expect(fetchParams({ url: 'javascript:alert(1)', headers: [], demoBase: null })).toBeNull();
    expect(fetchParams({ url: '/v1/x', headers: [], demoBase: null })).toBeNull();
    expect(
      fetchParams({ url: 'https://api.example.com/v1/x', headers: [['a', 1]], demoBase: null }),
    ).toBeNull();
    expect(fetchParams({ url: 'https://api.example.com/v1/x', demoBase: null })).toBeNull();
    // Whether the demo answers is said, never guessed.
    expect(fetchParams({ url: 'https://api.example.com/v1/x', headers: [] })).toBeNull();
    expect(
      fetchParams({ url: 'https://api.example.com/v1/x', headers: [], demoBase: '/demo-api' }),
    ).toBeNull();
    const call = fc.record({
      url: fc.oneof(fc.webUrl(), fc.string(), fc.anything()),
      headers: fc.oneof(fc.array(fc.tuple(fc.string(), fc.string())), fc.anything()),
      demoBase: fc.oneof(fc.constant(null), fc.webUrl(), fc.anything()),
    });
    fc.assert(
      fc.property(fc.oneof(call, fc.anything()), (params) => {
        const asked = fetchParams(params);
        if (!asked) return;
        expect(asked.value.url).toMatch(/^https?:\/\//i);
        if (asked.value.demoBase !== null) expect(asked.value.demoBase).toMatch(/^https?:\/\//i);
      }),
    );
  });
});
