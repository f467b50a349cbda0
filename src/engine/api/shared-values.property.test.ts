import fc from 'fast-check';
import { shareRepeatedValues } from './shared-values';
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
  fc.record({
    registration_id: fc.nat(),
    payment_status: fc.oneof(fc.constantFrom('paid', 'pending'), fc.string(), fc.constant(null)),
    custom_questions: fc.array(answer, { maxLength: 5 }),
  }),
  { maxLength: 30 },
);

describe('sharing equal answers, titles and payment statuses between the rows of a batch', () => {
  it('changes nothing the rows say', () => {
    fc.assert(
      fc.property(rows, (batch) => {
        const before = structuredClone(batch);
        expect(shareRepeatedValues(batch)).toBe(batch);
        expect(batch).toEqual(before);
      }),
    );
  });

  it('makes equal answers one object, and keeps apart those that differ or carry another field', () => {
    fc.assert(
      fc.property(rows, (batch) => {
        shareRepeatedValues(batch);
        // Each answer equal to the first one given that response to that question is that one.
        const first = new Map<string, (typeof batch)[number]['custom_questions'][number]>();
        for (const answer of batch.flatMap((row) => row.custom_questions)) {
          // Only plain objects are shared (rows come from JSON or a structured clone).
          if (Object.getPrototypeOf(answer) !== Object.prototype) continue;
          const key = JSON.stringify([answer.que_id, answer.reponse]);
          const known = first.get(key);
          if (!known) first.set(key, answer);
          else if (
            known.que_question_fr === answer.que_question_fr &&
            known.que_question_en === answer.que_question_en
          )
            expect(answer).toBe(known);
          else expect(answer).not.toBe(known);
        }
      }),
    );
    const size = () => ({ que_id: 1, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'M' });
    const withExtra = { ...size(), source: 'kiosk' };
    const batch = [
      { custom_questions: [size()] },
      { custom_questions: [size()] },
      { custom_questions: [{ ...size(), reponse: 'L' }] },
      { custom_questions: [withExtra] },
    ];
    shareRepeatedValues(batch);
    expect(batch[1]!.custom_questions[0]).toBe(batch[0]!.custom_questions[0]);
    expect(batch[2]!.custom_questions[0]).not.toBe(batch[0]!.custom_questions[0]);
    expect(batch[3]!.custom_questions[0]).toBe(withExtra);
  });

  it('never throws, whatever another thread sent, and leaves what it cannot write to as it was', () => {
    fc.assert(
      fc.property(fc.anything(), (received) => {
        expect(() => shareRepeatedValues(received)).not.toThrow();
      }),
    );
    const frozen = Object.freeze({ que_id: 1, que_question_fr: 'Taille', que_question_en: 'Size' });
    const batch = [
      { custom_questions: [{ que_id: 1, que_question_fr: 'Taille', que_question_en: 'Size' }] },
      { custom_questions: [frozen] },
    ];
    expect(() => shareRepeatedValues(batch)).not.toThrow();
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
