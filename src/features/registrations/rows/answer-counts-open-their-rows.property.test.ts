import fc from 'fast-check';
import { fullName } from '@/engine/api/full-name';
import type { Registration } from '@/engine/api/registration-schemas';
import { questionInsights } from '@/engine/figures/question-insights';
import { answerKey } from '@/lib/text-keys';
import type { EventCorrections } from '@/lib/clean-answers/clean-answers';
import { filterRows } from './filter-rows';
import { questionReadings } from './question-readings';
import { FIXED_COLUMN_IDS } from './registration-labels';
import { RowBuilder } from './registration-rows';
import { answerFilter } from './registrations-view';

const labels = {
  category: (id: number | null | undefined) => String(id ?? ''),
  status: (status: string | null | undefined) => status ?? '',
  person: fullName,
};

/** Sizes and yes/no as typed, a few answers no vocabulary reads, blanks and anything else. */
const typedAnswer = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom('XL', 'xl ', 'TG', 'Extra large', 'M', 'moyen', 'S', 'Petit', 'L'),
  },
  { weight: 2, arbitrary: fc.constantFrom('Oui', 'oui', 'Yes', 'Non', 'no') },
  { weight: 1, arbitrary: fc.constantFrom('M/L', '38', ' ', '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

function registration(id: number, reponse: string | null): Registration {
  return {
    registration_id: id,
    event_id: 1,
    first_name: 'Anne',
    last_name: 'Roy',
    email: null,
    category_id: 1,
    order_id: null,
    payment_status: 'paid',
    custom_questions: [{ que_id: 5, que_question_fr: 'Taille du t-shirt', que_question_en: null, reponse }],
  };
}

describe('each answer count opens exactly its rows', () => {
  it('for sizes and yes/no read as clean values, answers left as typed, and "did not answer"', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(typedAnswer, { nil: null }), { minLength: 1, maxLength: 80 }),
        async (answers) => {
          const registrations = answers.map((reponse, i) => registration(i + 1, reponse));
          const rows = new RowBuilder(labels).build(registrations);
          const [question] = questionInsights(registrations);
          if (!question) return;
          const opened = (key: string) =>
            filterRows(rows, { q: '', categories: [], statuses: [], answers: [answerFilter(5, key)] }, [
              ...FIXED_COLUMN_IDS,
              'q:5',
            ]).rows.length;
          for (const answer of question.answers) expect(opened(answer.key)).toBe(answer.count);
          expect(opened('')).toBe(question.notAnswered);
          // A file's clean column reads the question as the figures do.
          const column = { id: 'q:5', queId: 5, que_question_fr: 'Taille du t-shirt', que_question_en: null };
          expect((await questionReadings(rows, [column])).get('q:5')).toBe(question.reading);
        },
      ),
    );
  });
});

/** A promoter's corrections: a typed answer read as another size or yes/no, or as typed. */
const corrections: fc.Arbitrary<EventCorrections> = fc
  .array(
    fc.tuple(
      fc.constantFrom('XL', 'TG', 'moyen', 'M/L', '38', 'Oui', 'no', 'Petit'),
      fc.constantFrom('S', 'M', 'L', 'XL', 'YES', 'NO', '', 'XXXXL'),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => ({ 5: Object.fromEntries(pairs.map(([typed, value]) => [answerKey(typed), value])) }));

describe('with the promoter’s corrections', () => {
  it('each count still opens exactly its rows, and no answer is lost or counted twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(typedAnswer, { nil: null }), { minLength: 1, maxLength: 80 }),
        corrections,
        (answers, corrected) => {
          const registrations = answers.map((reponse, i) => registration(i + 1, reponse));
          const rows = new RowBuilder(labels).build(registrations);
          const [plain] = questionInsights(registrations);
          const [question] = questionInsights(registrations, { corrections: corrected });
          if (!question || !plain) return;
          const opened = (key: string) =>
            filterRows(
              rows,
              {
                q: '',
                categories: [],
                statuses: [],
                answers: [answerFilter(5, key)],
                corrections: corrected,
              },
              [...FIXED_COLUMN_IDS, 'q:5'],
            ).rows.length;
          for (const answer of question.answers) expect(opened(answer.key)).toBe(answer.count);
          expect(opened('')).toBe(question.notAnswered);
          // A correction moves answers between values; it never changes how many answered.
          expect(question.answered).toBe(plain.answered);
          const listed = question.answers.reduce((sum, answer) => sum + answer.count, 0);
          expect(listed + question.other.count).toBe(question.answered);
        },
      ),
    );
  });

  it('counts a corrected answer under the value the promoter chose', () => {
    const registrations = ['M', 'M/L', 'M/L', 'L', 'Moyen'].map((size, i) => registration(i + 1, size));
    const [question] = questionInsights(registrations, {
      corrections: { 5: { [answerKey('M/L')]: 'L', [answerKey('Moyen')]: '' } },
    });
    expect(question?.answers.map((answer) => [answer.key, answer.count])).toEqual([
      ['=SIZE:M', 1],
      ['=SIZE:L', 3],
      ['moyen', 1],
    ]);
    expect(question?.typed?.find((typed) => typed.text === 'M/L')?.readAs).toBe('=SIZE:L');
  });
});
