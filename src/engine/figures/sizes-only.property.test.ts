import fc from 'fast-check';
import type { Registration } from '../api/registration-schemas';
import type { EventCorrections } from '@/lib/clean-answers/clean-answers';
import { questionInsights } from './question-insights';

/** Sizes as typed, some no reader settles, blanks. */
const typedSize = fc.constantFrom('XL', 'xl ', 'TG', 'M', 'moyen', 'S', 'Petit', 'L', 'M/L', '38', '', ' ');
const person = fc.record({
  size: fc.option(typedSize, { nil: null }),
  // A free-text answer, often unique: what the sizes-only count spares itself.
  club: fc.string({ maxLength: 6 }),
  category: fc.constantFrom(1, 2, null),
  status: fc.constantFrom('paid', 'pending', 'cancelled', null),
});

const registration = (
  id: number,
  p: typeof person extends fc.Arbitrary<infer T> ? T : never,
): Registration => ({
  registration_id: id,
  event_id: 1,
  first_name: 'Anne',
  last_name: 'Roy',
  email: null,
  category_id: p.category,
  order_id: null,
  payment_status: p.status,
  custom_questions: [
    { que_id: 1, que_question_fr: 'Club', que_question_en: 'Club', reponse: p.club },
    { que_id: 2, que_question_fr: 'Taille du t-shirt', que_question_en: null, reponse: p.size },
  ],
});

describe('the figures of the sizes only (what the merch tab asks for first)', () => {
  it('are exactly the size questions of the whole figures, cells included, with or without corrections', () => {
    fc.assert(
      fc.property(
        fc.array(person, { minLength: 1, maxLength: 120 }),
        fc.constantFrom<EventCorrections>({}, { 2: { 'm/l': 'M', moyen: '' } }),
        (people, corrections) => {
          const registrations = people.map((p, i) => registration(i + 1, p));
          const whole = questionInsights(registrations, { byCategory: true, corrections });
          const sizes = questionInsights(registrations, { byCategory: true, corrections, sizesOnly: true });
          const expected = whole
            .filter((question) => question.reading === 'SIZE')
            .map(({ byCategory: _split, ...question }) => question);
          expect(sizes).toEqual(expected);
        },
      ),
    );
  });

  it('stops counting a question past a thousand spellings: no vocabulary reads it', () => {
    const registrations = Array.from({ length: 3_000 }, (_, i) =>
      registration(i + 1, {
        size: i % 2 ? 'M' : 'L',
        club: `Club ${i % 1_500}`,
        category: 1,
        status: 'paid',
      }),
    );
    const whole = questionInsights(registrations);
    expect(whole.find((question) => question.queId === 1)?.reading).toBeNull();
    const sizes = questionInsights(registrations, { sizesOnly: true });
    expect(sizes.map((question) => [question.queId, question.reading])).toEqual([[2, 'SIZE']]);
  });
});
