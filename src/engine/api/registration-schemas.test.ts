import { registrationPageResponseSchema } from './registration-schemas';

describe('registration page schema', () => {
  it('accepts null and absent fields, missing answers and extra fields', () => {
    const parsed = registrationPageResponseSchema.parse({
      registrations: [
        { registration_id: 1, first_name: 'Zoë', last_name: null, custom_questions: null, bib: 42 },
        { registration_id: '2', email: 'a@b.c', custom_questions: [{ que_id: 5, reponse: null }] },
      ],
      page: 1,
      total: 2,
    });
    expect(parsed.registrations[0]).toMatchObject({
      registration_id: 1,
      last_name: null,
      email: null,
      custom_questions: [],
      bib: 42,
    });
    expect(parsed.registrations[1]?.custom_questions[0]).toEqual({
      que_id: 5,
      que_question_fr: null,
      que_question_en: null,
      reponse: null,
    });
    expect(parsed).toMatchObject({ page: 1, total: 2 });
  });

  it('rejects an answer without its question id, naming the field', () => {
    const result = registrationPageResponseSchema.safeParse({
      registrations: [{ registration_id: 1, custom_questions: [{ reponse: 'M' }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['registrations', 0, 'custom_questions', 0, 'que_id']);
  });
});
