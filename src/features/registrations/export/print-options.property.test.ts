import fc from 'fast-check';
import { FIXED_COLUMN_IDS } from '../rows/registration-labels';
import {
  DEFAULT_PRINT_CHOICES,
  isPrintColumnId,
  LABEL_SHEET_IDS,
  MAX_DESKS,
  parsePrintChoices,
  type PrintChoices,
} from './print-options';

const columnId = fc.oneof(
  fc.constantFrom(...FIXED_COLUMN_IDS),
  fc.integer({ min: 0, max: 999_999_999_999_999 }).map((id) => `q:${id}`),
);

const validChoices: fc.Arbitrary<PrintChoices> = fc.record({
  checkIn: fc.record({
    columns: fc.uniqueArray(columnId, { minLength: 1, maxLength: 12 }),
    leaveOutCancelled: fc.boolean(),
    desks: fc.oneof(fc.constant('auto' as const), fc.integer({ min: 1, max: MAX_DESKS })),
    pagePerDesk: fc.boolean(),
  }),
  labels: fc.record({
    sheet: fc.constantFrom(...LABEL_SHEET_IDS),
    name: fc.boolean(),
    category: fc.boolean(),
    order: fc.boolean(),
    answer: fc.option(
      fc.integer({ min: 0, max: 999_999_999_999_999 }).map((id) => `q:${id}`),
      { nil: null },
    ),
    leaveOutCancelled: fc.boolean(),
  }),
});

/** What a stored record may have become: anything JSON, or a valid record with parts replaced by junk. */
const junk = fc.oneof(fc.jsonValue(), fc.anything());
const damaged = fc
  .tuple(validChoices, fc.dictionary(fc.constantFrom('checkIn', 'labels'), junk), junk, junk)
  .map(([choices, replaced, checkInPart, labelsPart]) => ({
    ...choices,
    ...replaced,
    checkIn: { ...choices.checkIn, columns: checkInPart },
    labels: { ...choices.labels, sheet: labelsPart },
  }));

/** The invariants every parsed value holds, checked by the test's own reading. */
function expectValid(choices: PrintChoices) {
  const { checkIn, labels } = choices;
  expect(checkIn.columns.length).toBeGreaterThan(0);
  expect(new Set(checkIn.columns).size).toBe(checkIn.columns.length);
  for (const id of checkIn.columns) expect(isPrintColumnId(id)).toBe(true);
  expect(typeof checkIn.leaveOutCancelled).toBe('boolean');
  expect(typeof checkIn.pagePerDesk).toBe('boolean');
  if (checkIn.desks !== 'auto') {
    expect(Number.isInteger(checkIn.desks)).toBe(true);
    expect(checkIn.desks).toBeGreaterThanOrEqual(1);
    expect(checkIn.desks).toBeLessThanOrEqual(MAX_DESKS);
  }
  expect(LABEL_SHEET_IDS).toContain(labels.sheet);
  for (const flag of [labels.name, labels.category, labels.order, labels.leaveOutCancelled]) {
    expect(typeof flag).toBe('boolean');
  }
  if (labels.answer !== null) expect(labels.answer).toMatch(/^q:\d+$/);
  // Plain data: it survives JSON unchanged, so a saved view can hold it as it is.
  expect(JSON.parse(JSON.stringify(choices))).toEqual(choices);
}

describe('parsePrintChoices', () => {
  it('never throws, and always gives valid choices', () => {
    fc.assert(
      fc.property(fc.oneof(junk, damaged), (value) => {
        expectValid(parsePrintChoices(value));
      }),
      { numRuns: 500 },
    );
  });

  it('gives back valid choices unchanged, through JSON too', () => {
    fc.assert(
      fc.property(validChoices, (choices) => {
        expect(parsePrintChoices(choices)).toEqual(choices);
        expect(parsePrintChoices(JSON.parse(JSON.stringify(choices)))).toEqual(choices);
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(junk, damaged), (value) => {
        const once = parsePrintChoices(value);
        expect(parsePrintChoices(once)).toEqual(once);
      }),
    );
  });

  it('keeps the valid parts of a damaged record and defaults the rest', () => {
    const parsed = parsePrintChoices({
      checkIn: { columns: ['last_name', 'q:12', 'bogus', 'q:12', 'q:-1'], desks: 99, pagePerDesk: true },
      labels: { sheet: 'a5', order: true, answer: 'q:7' },
      extra: 'dropped',
    });
    expect(parsed).toEqual({
      checkIn: {
        columns: ['last_name', 'q:12'],
        leaveOutCancelled: true,
        desks: 'auto',
        pagePerDesk: true,
      },
      labels: { ...DEFAULT_PRINT_CHOICES.labels, order: true, answer: 'q:7' },
    });
    expect(parsePrintChoices({ checkIn: { columns: ['bogus'] } }).checkIn.columns).toEqual(
      DEFAULT_PRINT_CHOICES.checkIn.columns,
    );
    expect(parsePrintChoices(undefined)).toEqual(DEFAULT_PRINT_CHOICES);
    const hostile = Object.defineProperty({}, 'checkIn', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(parsePrintChoices(hostile)).toEqual(DEFAULT_PRINT_CHOICES);
  });
});
