import { isId } from '../rpc/contract';

/**
 * The search across events' answers, as the engine sends them to the page. The page parses
 * them (parseSearchAnswer) before any use, like every message it did not make: a malformed
 * one is dropped, never thrown on.
 */

/** One registration found: what the result shows, and where it opens. */
export interface SearchHit {
  readonly eventId: number;
  readonly registrationId: number;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly orderId: string | null;
  /** The payment status as the API sent it. */
  readonly status: string | null;
  readonly categoryId: number | null;
}

export interface SearchAnswer {
  /** How many registrations match in all (the results are the first of them)… */
  readonly total: number;
  /** …or at least: more match than were counted (see COUNT_AT_MOST in search-index.ts). */
  readonly more: boolean;
  readonly results: readonly SearchHit[];
  /** The events searched: those whose list the copy holds, indexed. */
  readonly events: readonly number[];
  /** True while the copy is still being read into the index: more events may come. */
  readonly building: boolean;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function parseHit(value: unknown): SearchHit | null {
  if (typeof value !== 'object' || value === null) return null;
  const hit = value as Record<string, unknown>;
  const { eventId, registrationId, firstName, lastName, email, orderId, status, categoryId } = hit;
  if (!isNumber(eventId) || !isNumber(registrationId)) return null;
  if (![firstName, lastName, email, orderId, status].every(textOrNull)) return null;
  if (categoryId !== null && !isNumber(categoryId)) return null;
  return {
    eventId,
    registrationId,
    firstName: firstName as string | null,
    lastName: lastName as string | null,
    email: email as string | null,
    orderId: orderId as string | null,
    status: status as string | null,
    categoryId,
  };
}

/** A search's answer as the engine sends it, or null. Never throws, whatever `value` is (a throwing getter too). */
export function parseSearchAnswer(value: unknown): SearchAnswer | null {
  try {
    return readAnswer(value);
  } catch {
    return null;
  }
}

function readAnswer(value: unknown): SearchAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { total, more, results, events, building } = value as Record<string, unknown>;
  if (!isId(total) || typeof more !== 'boolean' || typeof building !== 'boolean') return null;
  if (!Array.isArray(results) || !Array.isArray(events) || !events.every(isNumber)) return null;
  const hits = results.map(parseHit);
  if (hits.some((hit) => hit === null)) return null;
  return { total, more, results: hits as SearchHit[], events, building };
}
