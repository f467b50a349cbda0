import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHECK_IDS } from './check-kinds';
import { FINDINGS_COLUMNS, isFindingsTexts, type FindingsTexts } from './findings-table';

const texts: FindingsTexts = {
  headers: Array.from({ length: FINDINGS_COLUMNS }, (_, index) => `h${index}`),
  checks: Object.fromEntries(CHECK_IDS.map((check) => [check, check])) as FindingsTexts['checks'],
  severities: { error: 'E', warning: 'W', notice: 'N' },
  questions: { '7': 'T-shirt' },
};

describe('the findings file’s texts, as received from the page', () => {
  it('are taken when whole, and refused when a part is missing or not text', () => {
    expect(isFindingsTexts(texts)).toBe(true);
    expect(isFindingsTexts({ ...texts, headers: texts.headers.slice(1) })).toBe(false);
    expect(isFindingsTexts({ ...texts, severities: { error: 'E', warning: 'W' } })).toBe(false);
    expect(isFindingsTexts({ ...texts, questions: { '7': 7 } })).toBe(false);
  });

  it('never throw, whatever arrives', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(typeof isFindingsTexts(value)).toBe('boolean');
      }),
    );
  });
});
