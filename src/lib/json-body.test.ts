import { eventListResponseSchema } from '@/engine/api/event-schemas';
import { readJsonBody } from './json-body';

describe('readJsonBody', () => {
  it('reads a body that matches its schema', () => {
    const reading = readJsonBody(eventListResponseSchema, '{"events":[{"eve_id":"12"}],"total":1}');
    expect(reading).toMatchObject({
      ok: true,
      data: { events: [{ eve_id: 12, eve_nom_fr: null }], total: 1 },
    });
  });

  it('says a body is not JSON (an HTML error page)', () => {
    expect(readJsonBody(eventListResponseSchema, '<html>Bad gateway</html>')).toMatchObject({
      ok: false,
      problem: 'not-json',
    });
  });

  it('names the first field that does not match, with what zod expected in English', () => {
    const reading = readJsonBody(
      eventListResponseSchema,
      '{"events":[{"eve_id":1},{"eve_id":2}],"total":"two"}',
    );
    expect(reading).toEqual({
      ok: false,
      problem: 'invalid',
      field: 'total',
      detail: 'Invalid input: expected number, received string',
    });
    const missingId = readJsonBody(eventListResponseSchema, '{"events":[{"eve_id":1},{"eve_nom_fr":"x"}]}');
    expect(missingId).toMatchObject({ problem: 'invalid', field: 'events[1].eve_id' });
  });
});
