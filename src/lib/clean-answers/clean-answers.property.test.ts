import fc from 'fast-check';
import { answerKey } from '../text-keys';
import {
  VOCABULARIES,
  VOCABULARY_IDS,
  answerKeyer,
  cleanKey,
  parseCleanKey,
  parseEventCorrections,
  questionReading,
} from './clean-answers';

const vocabulary = fc.constantFrom(...VOCABULARY_IDS);
const reading = fc.option(vocabulary, { nil: null });
/** Typed answers: any text, and text made of the words sizes and yes/no are written with. */
const typed = fc.oneof(
  fc.string(),
  fc
    .array(
      fc.constantFrom('M', 'xl', 'TG', 'Oui', 'non', 'taille', 'extra', 'large', '/', ' ', '-', '5', 'ans'),
      {
        maxLength: 5,
      },
    )
    .map((words) => words.join(' ')),
);

describe('clean answers', () => {
  it('a folded answer is never taken for a clean value', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        expect(parseCleanKey(answerKey(raw))).toBeNull();
      }),
    );
  });

  it('every key an answer gets is its clean value or its folded form, and never throws', () => {
    fc.assert(
      fc.property(reading, typed, (id, raw) => {
        const key = answerKeyer(id)(raw);
        const clean = parseCleanKey(key);
        if (clean) {
          expect(clean.vocabulary).toBe(id);
          expect(VOCABULARIES[clean.vocabulary].read(raw)).toBe(clean.value);
        } else {
          expect(key).toBe(answerKey(raw));
        }
        // Blank stays blank: reading never turns "not answered" into an answer.
        if (answerKey(raw) === '') expect(key).toBe('');
      }),
    );
  });

  it('a clean key reads back as what it was made from', () => {
    fc.assert(
      fc.property(vocabulary, fc.nat(), (id, index) => {
        const values = VOCABULARIES[id].values;
        const value = values[index % values.length]!;
        expect(parseCleanKey(cleanKey(id, value))).toEqual({ vocabulary: id, value });
      }),
    );
  });

  it('a question gets a vocabulary only when most of its answers are read by it', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: typed, count: fc.integer({ min: 1, max: 50 }) })), (answers) => {
        const id = questionReading([null], answers);
        if (id === null) return;
        const answered = answers.reduce((sum, { count }) => sum + count, 0);
        const read = answers
          .filter(({ text }) => VOCABULARIES[id].read(text) !== null)
          .reduce((sum, { count }) => sum + count, 0);
        expect(read).toBeGreaterThanOrEqual(answered * 0.8);
      }),
    );
  });
});

describe('questionReading', () => {
  it('reads a size question however its sizes are typed, and leaves names and numbers as typed', () => {
    const sizes = ['M', 'm ', 'Moyen', 'L', 'Large', 'S', 'XL', 'TG', 'M/L'].map((text, i) => ({
      text,
      count: 100 + i,
    }));
    expect(questionReading(['Taille du t-shirt', 'T-shirt size'], sizes)).toBe('SIZE');
    const phones = Array.from({ length: 1000 }, (_, i) => ({
      text: `06 12 34 ${String(i).padStart(4, '0')}`,
      count: 1,
    }));
    expect(questionReading(['Contact', null], phones)).toBeNull();
    const consent = ['Oui', 'oui', 'Non', 'Yes', 'je ne sais pas'].map((text) => ({ text, count: 50 }));
    expect(questionReading(['Photos ?', 'Photos?'], consent)).toBe('YESNO');
  });
});

describe('parseEventCorrections', () => {
  it('never throws, and keeps only corrections that name a value or keep an answer as typed', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const parsed = parseEventCorrections(value);
        for (const [queId, corrections] of Object.entries(parsed)) {
          expect(queId).toMatch(/^\d+$/);
          for (const value of Object.values(corrections)) expect(value).toMatch(/^[A-Z0-9]{0,8}$/);
        }
      }),
    );
    const kept = { 12: { 'm/l': 'M', moyen: '' } };
    expect(parseEventCorrections(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
    expect(parseEventCorrections({ 12: { 'm/l': 7 }, x: { a: 'M' } })).toEqual({});
  });

  it('a correction to a value outside the vocabulary is ignored: the answer reads as before', () => {
    const keyOf = answerKeyer('SIZE', undefined, { xl: 'MAYBE', 'm/l': 'M' });
    expect(keyOf('XL')).toBe(cleanKey('SIZE', 'XL'));
    expect(keyOf('M/L')).toBe(cleanKey('SIZE', 'M'));
  });
});
