import fc from 'fast-check';
import { compactRegistration, registrationFrom } from './page-registration';
import { REGISTRATION_FIELDS } from './registration-fields';
import type { Registration } from './registration-schemas';

const whole = {
  registration_id: 7,
  event_id: 3,
  first_name: 'Léa',
  last_name: 'Martin',
  email: 'lea@example.org',
  category_id: null,
  order_id: 'A-7',
  payment_status: 'paid',
  custom_questions: [{ que_id: 1, que_question_fr: 'Taille ?', que_question_en: 'Size?', reponse: 'M' }],
} as Registration;

describe('a registration made in one piece', () => {
  it('takes the values in the order of the documented fields, and keeps that order', () => {
    const made = registrationFrom(REGISTRATION_FIELDS.map((field) => whole[field]));
    expect(made).toStrictEqual(whole);
    expect(Object.keys(made)).toEqual([...REGISTRATION_FIELDS]);
  });

  it('is made again only with every documented field and no other, and says the same', () => {
    const made = compactRegistration(whole);
    expect(made).not.toBe(whole);
    expect(made).toStrictEqual(whole);
    expect(made.custom_questions).toBe(whole.custom_questions);
    const { email: _absent, ...withoutEmail } = whole;
    const partial = withoutEmail as Registration;
    expect(compactRegistration(partial)).toBe(partial);
    const extra = { ...whole, created_at: '2026-01-01' } as Registration;
    expect(compactRegistration(extra)).toBe(extra);
  });

  it('reads anything another thread sends without throwing or changing what it says', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record(
            {
              ...Object.fromEntries(
                Object.entries(whole).map(([field, value]) => [field, fc.constant(value)]),
              ),
              custom_questions: fc.anything(),
            },
            // As a structured clone makes them: the copy compared with has no null prototype.
            { noNullPrototype: true },
          ),
        ),
        (value) => {
          const before = structuredClone(value);
          expect(compactRegistration(value as Registration)).toStrictEqual(before);
        },
      ),
    );
  });
});
