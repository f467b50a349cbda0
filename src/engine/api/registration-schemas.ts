import { z } from '@/lib/zod';
import { apiId, apiList, apiText } from '@/lib/api-schema';
import { shareRepeatedValues } from './shared-values';

/** Answer to an event-specific question (API document 2.5). Matched by `que_id`, never by text. */
const customAnswerSchema = z.looseObject({
  que_id: apiId,
  que_question_fr: apiText,
  que_question_en: apiText,
  reponse: apiText,
});

/** Registration (2.4). Extra fields are kept so the details panel can show them. */
export const registrationSchema = z.looseObject({
  registration_id: apiId,
  event_id: z.nullish(apiId),
  first_name: apiText,
  last_name: apiText,
  email: apiText,
  category_id: z.nullish(apiId),
  order_id: apiText,
  payment_status: apiText,
  custom_questions: apiList(customAnswerSchema),
});

/**
 * GET /v1/events/{id}/registrations (4.4). Pagination metadata is not documented: whatever
 * the server sends beside `registrations` is kept (loose object) and read by the loader.
 */
export const registrationPageResponseSchema = z.pipe(
  z.looseObject({ registrations: z.array(registrationSchema) }),
  // One string per title and payment status, one object per equal answer in the page (shared-values.ts).
  z.transform((page) => {
    shareRepeatedValues(page.registrations);
    return page;
  }),
);

export type Registration = z.output<typeof registrationSchema>;
export type RegistrationPageResponse = z.output<typeof registrationPageResponseSchema>;
