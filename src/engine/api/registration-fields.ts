/**
 * The fields of a registration the API document lists (2.4), in its order. The device copy's codec
 * writes a row's values in this order (registrations-codec.ts): reordering them would make every
 * copy kept on a device unreadable.
 */
export const REGISTRATION_FIELDS = [
  'registration_id',
  'event_id',
  'first_name',
  'last_name',
  'email',
  'category_id',
  'order_id',
  'payment_status',
  'custom_questions',
] as const;

/** The fields of an answer the API document lists (2.5). */
export const ANSWER_FIELDS = ['que_id', 'que_question_fr', 'que_question_en', 'reponse'] as const;
