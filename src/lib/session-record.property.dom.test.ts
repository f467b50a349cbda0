import fc from 'fast-check';
import { readStoredSession, SESSION_ITEM } from './session-record';

afterEach(() => sessionStorage.clear());

describe('readStoredSession: the session as the tab keeps it, read by the page’s entry and the app', () => {
  it('never throws on whatever is stored, and gives a session only for a well-formed one', () => {
    const stored = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record(
          {
            baseUrl: fc.oneof(fc.string(), fc.integer()),
            apiKey: fc.string(),
            demo: fc.oneof(fc.boolean(), fc.string()),
          },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
    );
    fc.assert(
      fc.property(stored, (raw) => {
        sessionStorage.setItem(SESSION_ITEM, raw);
        const session = readStoredSession();
        if (session === null) return;
        expect(typeof session.baseUrl).toBe('string');
        expect(typeof session.apiKey).toBe('string');
        expect(typeof session.demo).toBe('boolean');
        expect(session).toMatchObject(JSON.parse(raw) as object);
      }),
    );
  });

  it('reads back a stored session, and nothing when there is none', () => {
    expect(readStoredSession()).toBeNull();
    const session = { baseUrl: 'https://api.example.com', apiKey: 'k-123', demo: false };
    sessionStorage.setItem(SESSION_ITEM, JSON.stringify(session));
    expect(readStoredSession()).toEqual(session);
  });
});
