import fc from 'fast-check';
import { parsePageReaderReply, readPageBytes } from './page-reader-protocol';

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
  it('keeps a reply the worker could have sent', () => {
    const rows = { ok: true, data: { registrations: [] } };
    expect(parsePageReaderReply({ id: 3, reading: rows })).toEqual({ id: 3, reading: rows });
    const invalid = { ok: false, problem: 'invalid', field: 'registrations', detail: 'expected array' };
    expect(parsePageReaderReply({ id: 4, reading: invalid })).toEqual({ id: 4, reading: invalid });
  });

  it('refuses anything else, and never throws', () => {
    expect(parsePageReaderReply({ id: 3, reading: { ok: true, data: { registrations: 'x' } } })).toBeNull();
    expect(parsePageReaderReply({ id: '3', reading: { ok: true, data: { registrations: [] } } })).toBeNull();
    expect(parsePageReaderReply({ id: 3, reading: { ok: false, problem: 'other', detail: '' } })).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (message) => {
        const reply = parsePageReaderReply(message);
        expect(reply === null || Number.isSafeInteger(reply.id)).toBe(true);
      }),
    );
  });
});
