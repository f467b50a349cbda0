import { expect } from 'vitest';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import { apiGet } from './app';

/** The demo event the printing tests print: 137 registrations, a T-shirt question. */
export const PRINTABLE_EVENT = { id: 1030, name: 'Foulées des Traboules', total: 137 } as const;

export type TshirtQuestion = { que_id: number; que_question_fr: string; que_question_en: string };

/** What the printing tests compare the paper with: the event's registrations, categories and T-shirt question, from the API's JSON. */
export async function readPrintableEvent(): Promise<{
  registrations: RawRegistration[];
  categories: RawCategory[];
  tshirt: TshirtQuestion;
}> {
  const { registrations } = await apiGet<{ registrations: RawRegistration[] }>(
    `/v1/events/${PRINTABLE_EVENT.id}/registrations?page=1&per_page=1000`,
    DEMO_KEYS.metropole,
  );
  expect(registrations).toHaveLength(PRINTABLE_EVENT.total);
  const { categories } = await apiGet<{ categories: RawCategory[] }>(
    `/v1/events/${PRINTABLE_EVENT.id}/categories`,
    DEMO_KEYS.metropole,
  );
  const tshirt = registrations
    .flatMap((r) => r.custom_questions)
    .find((answer) => /t-shirt/i.test(answer.que_question_en));
  if (!tshirt) throw new Error('The demo event has no T-shirt question');
  return { registrations, categories, tshirt };
}

/**
 * A T-shirt answer as paper shows it: its clean size (the demo's sizes are letters, named as
 * themselves), or, where no size can be read, as typed without the spaces around it.
 */
export function printedSize(answer: string | null | undefined): string {
  const typed = answer ?? '';
  return readGarmentSize(typed) ?? typed.trim();
}
