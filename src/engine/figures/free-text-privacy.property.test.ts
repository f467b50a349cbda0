import fc from 'fast-check';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { cachedAnswerKey } from '@/lib/text-keys';
import { looksPersonal } from './answer-kind';
import { questionInsights } from './question-insights';
import { tallyQuestions } from './question-tally';
import { demoEvent, registration } from './testing/demo-event';

/** The threshold docs/user-guide.md states, written out again: max(3, 1% of those who answered). */
const threshold = (answered: number) => Math.max(3, Math.ceil(answered / 100));

/** Answers from a small pool, so some repeat and some do not, with phones and e-mails among them. */
const answer = fc.oneof(
  fc.constantFrom('Aucun', 'CA Genève', 'Stade Genève', 'N/A', 'M', 'L', ''),
  fc.constantFrom('079 123 45 67', '+41 79 123 45 67', 'anne.roy@example.ch', '06 12 34 56 78'),
  fc.string({ maxLength: 6 }),
);

describe('free-text answers stay private', () => {
  it('never lists a free-text answer given by fewer people than the threshold, nor a personal one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(answer, fc.nat({ max: 40 })), { maxLength: 120 }),
        fc.integer({ min: 0, max: 20 }),
        (answers, top) => {
          // Each drawn answer is given by 1 to 41 registrations.
          const registrations = answers.flatMap(([reponse, repeat], i) =>
            Array.from({ length: repeat + 1 }, (_, j) =>
              registration({ registration_id: i * 100 + j + 1, custom_questions: [{ que_id: 1, reponse }] }),
            ),
          );
          for (const question of questionInsights(registrations, { top, byCategory: true })) {
            for (const listed of question.answers) expect(looksPersonal(listed.text)).toBe(false);
            if (question.kind !== 'free-text') continue;
            expect(question.minListedCount).toBe(threshold(question.answered));
            expect(question.answers.length).toBeLessThanOrEqual(top);
            for (const listed of question.answers) {
              expect(listed.count).toBeGreaterThanOrEqual(threshold(question.answered));
            }
            // Nothing is lost: what is not listed is counted as such, in total and per category.
            const listedCount = question.answers.reduce((sum, a) => sum + a.count, 0);
            expect(question.other.count).toBe(question.answered - listedCount);
            for (const split of question.byCategory ?? []) {
              expect(split.counts.reduce((sum, n) => sum + n, 0) + split.other).toBe(split.answered);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the demo data: emergency contacts are never listed', () => {
  const phone = /\d{2}[\s.-]?\d{2}[\s.-]?\d{2}/;

  it.each([
    ['the marathon (“Emergency contact”: name and phone)', DEMO_EVENT_IDS.largeMarathon],
    ['the trail (name and phone asked apart)', DEMO_EVENT_IDS.sharedQuestionText],
    ['the small event with tricky answers', DEMO_EVENT_IDS.trickySmall],
  ])('%s: no phone number is listed, and the answers are all counted', (_, eventId) => {
    const { registrations } = demoEvent(eventId);
    // The demo data does hold phone numbers: the test would prove nothing otherwise.
    const tallies = tallyQuestions(registrations, cachedAnswerKey());
    expect(tallies.some((q) => [...q.answers.values()].some((a) => phone.test(a.text)))).toBe(true);

    for (const top of [10, 1000]) {
      for (const question of questionInsights(registrations, { top, byCategory: true })) {
        for (const listed of question.answers) expect(listed.text).not.toMatch(phone);
        const emergency = /urgence|emergency/i.test(
          `${question.que_question_fr} ${question.que_question_en}`,
        );
        if (emergency) {
          expect(question.kind).toBe('free-text');
          expect(question.answers).toEqual([]);
          expect(question.other.count).toBe(question.answered);
        }
      }
    }
  });
});

describe('looksPersonal', () => {
  it.each([
    ['079 123 45 67', true],
    ['+41 79 123 45 67', true],
    ['(418) 555-0123', true],
    ['Marie Roy – 06 12 34 56 78', true],
    ['anne.roy@example.ch', true],
    ['1234567', true],
    ['12/03/1985', true],
    ['CA Genève', false],
    ['XL', false],
    ['10 km', false],
    ['Club 2024', false],
  ])('%s: %s', (text, personal) => {
    expect(looksPersonal(text)).toBe(personal);
  });
});
