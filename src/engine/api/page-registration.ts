import { ANSWER_FIELDS, REGISTRATION_FIELDS } from './registration-fields';
import type { Registration } from './registration-schemas';

/**
 * What the page holds of a registration: the fields the API document lists, each answer with
 * its own. A field the API sent beyond them stays in the engine, which gives the whole
 * registration to the details panel (`list.registration`): no other screen reads them, and at
 * 100,000 registrations two timestamps a row weigh more than every name. A field left out stays
 * left out.
 */
export function pageRegistration(registration: Registration): Registration {
  const documented: Record<string, unknown> = {};
  for (const field of REGISTRATION_FIELDS) {
    const value = registration[field];
    if (value !== undefined) documented[field] = value;
  }
  const answers = registration.custom_questions;
  if (Array.isArray(answers)) documented.custom_questions = answers.map(pageAnswer);
  return documented as Registration;
}

type Answer = Registration['custom_questions'][number];

function pageAnswer(answer: Answer): Answer {
  const documented: Record<string, unknown> = {};
  for (const field of ANSWER_FIELDS) {
    const value = answer[field];
    if (value !== undefined) documented[field] = value;
  }
  return documented as Answer;
}

/**
 * A registration from its documented fields' values, in the order of REGISTRATION_FIELDS, every
 * one present, as one object literal. V8 keeps a literal's fields in the object itself, where an
 * object filled a field at a time (a structured clone, a decoder) keeps those past its fourth in
 * a separate store: a megabyte or two more at 100,000 rows. The page's rows and the rows read
 * from the device copy are made so.
 */
export function registrationFrom(values: readonly unknown[]): Registration {
  return {
    registration_id: values[0],
    event_id: values[1],
    first_name: values[2],
    last_name: values[3],
    email: values[4],
    category_id: values[5],
    order_id: values[6],
    payment_status: values[7],
    custom_questions: values[8],
  } as Registration;
}

/**
 * `registration` made again by registrationFrom when it has every documented field and no other,
 * else as it is (whatever it is: rows another thread sent are read with it).
 */
export function compactRegistration(registration: Registration): Registration {
  if (typeof registration !== 'object' || registration === null) return registration;
  const values = REGISTRATION_FIELDS.map((field) => registration[field]);
  const whole = !values.includes(undefined) && Object.keys(registration).length === values.length;
  return whole ? registrationFrom(values) : registration;
}
