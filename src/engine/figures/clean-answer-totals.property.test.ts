import fc from 'fast-check';
import { answerKey } from '@/lib/text-keys';
import { questionInsights } from './question-insights';
import { registration } from './testing/demo-event';

/** Answers as typed: sizes and yes/no in several spellings, blanks, and anything else. */
const typedAnswer = fc.oneof(
  fc.constantFrom('XL', 'xl ', 'TG', 'Extra large', 'M', 'moyen', 'S/M', '38', 'Oui', 'non', ' ', ''),
  fc.string({ maxLength: 6 }),
);

describe('reading answers never changes how many are counted', () => {
  it('the listed answers and "other" add up to everyone who answered, overall and per category', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ reponse: typedAnswer, category: fc.integer({ min: 1, max: 3 }) }), {
          maxLength: 60,
        }),
        (entries) => {
          const rows = entries.map(({ reponse, category }, i) =>
            registration({
              registration_id: i + 1,
              category_id: category,
              custom_questions: [{ que_id: 4, que_question_en: 'T-shirt size', reponse }],
            }),
          );
          const nonBlank = entries.filter(({ reponse }) => answerKey(reponse) !== '').length;
          const [question] = questionInsights(rows, { byCategory: true });
          if (nonBlank === 0) return;
          expect(question?.answered).toBe(nonBlank);
          const listed = question!.answers.reduce((sum, answer) => sum + answer.count, 0);
          expect(listed + question!.other.count).toBe(nonBlank);
          for (const part of question!.byCategory ?? []) {
            const inCategory = part.counts.reduce((sum, count) => sum + count, 0) + part.other;
            expect(inCategory).toBe(part.answered);
          }
        },
      ),
    );
  });
});
