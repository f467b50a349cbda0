import { z } from '@/lib/zod';
import { categorySchema, type Category } from '@/engine/api/event-schemas';
import { getDemoDataset, type QuestionDef } from '@/mocks/data';
import { registrationSchema, type Registration } from '@/engine/api/registration-schemas';

/** A fixed reference date: the demo data (names, answers, statuses) does not depend on it. */
const TODAY = '2026-11-22';

export interface DemoEvent {
  readonly registrations: Registration[];
  readonly categories: Category[];
  readonly questions: readonly QuestionDef[];
}

const cache = new Map<number, DemoEvent>();

/**
 * A demo event's registrations and categories as the app holds them: parsed by the same
 * schemas as API responses (nulls, absent fields, extra fields kept).
 */
export function demoEvent(eventId: number): DemoEvent {
  let event = cache.get(eventId);
  if (!event) {
    const dataset = getDemoDataset(TODAY);
    const record = dataset.findEvent(eventId);
    if (!record) throw new Error(`No demo event ${eventId}`);
    event = {
      registrations: z.array(registrationSchema).parse(dataset.registrationsOf(eventId)),
      categories: z.array(categorySchema).parse(record.categories),
      questions: record.questions,
    };
    cache.set(eventId, event);
  }
  return event;
}

/**
 * A registration with only the fields a test cares about, parsed like an API response: the
 * fields left out become null (or an empty answer list).
 */
export function registration(fields: z.input<typeof registrationSchema>): Registration {
  return registrationSchema.parse({ event_id: 1, custom_questions: [], ...fields });
}
