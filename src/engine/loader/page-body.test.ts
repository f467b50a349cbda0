import fc from 'fast-check';
import { readPageBytes } from './page-body';

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
