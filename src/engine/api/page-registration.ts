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
