import fc from 'fast-check';
import { shareAnswerTitles } from './answer-titles';
import { registrationPageResponseSchema } from './registration-schemas';

const title = fc.oneof(
  fc.constantFrom('Taille du t-shirt', 'T-shirt size', ''),
  fc.string(),
  fc.constant(null),
);
const answer = fc.record({
  que_id: fc.integer({ min: 1, max: 4 }),
  que_question_fr: title,
  que_question_en: title,
  reponse: fc.oneof(fc.string(), fc.constant(null)),
});
const rows = fc.array(
  fc.record({ registration_id: fc.nat(), custom_questions: fc.array(answer, { maxLength: 5 }) }),
  { maxLength: 30 },
);

describe("sharing answers' titles between the rows of a batch", () => {
  it('changes nothing the rows say', () => {
    fc.assert(
      fc.property(rows, (batch) => {
        const before = structuredClone(batch);
        expect(shareAnswerTitles(batch)).toBe(batch);
        expect(batch).toEqual(before);
      }),
    );
  });

  it('never throws, whatever another thread sent, and leaves what it cannot write to as it was', () => {
    fc.assert(
      fc.property(fc.anything(), (received) => {
        expect(() => shareAnswerTitles(received)).not.toThrow();
      }),
    );
    const frozen = Object.freeze({ que_id: 1, que_question_fr: 'Taille', que_question_en: 'Size' });
    const batch = [
      { custom_questions: [{ que_id: 1, que_question_fr: 'Taille', que_question_en: 'Size' }] },
      { custom_questions: [frozen] },
    ];
    expect(() => shareAnswerTitles(batch)).not.toThrow();
    expect(batch[1]!.custom_questions[0]).toBe(frozen);
  });

  it('keeps a page read from the API as it was sent', () => {
    fc.assert(
      fc.property(rows, (batch) => {
        const parsed = registrationPageResponseSchema.safeParse({ registrations: batch, page: 2 });
        expect(parsed.success).toBe(true);
        if (!parsed.success) return;
        expect(parsed.data.registrations.map((row) => row.custom_questions)).toEqual(
          batch.map((row) => row.custom_questions),
        );
        expect(parsed.data).toMatchObject({ page: 2 });
      }),
    );
  });
});
