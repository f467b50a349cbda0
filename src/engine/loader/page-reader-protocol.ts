import { readJsonBody, type BodyReading } from '@/lib/json-body';
import { registrationPageResponseSchema, type RegistrationPageResponse } from '../api/registration-schemas';

/*
 * The reading of a page of registrations, which both ends run: the engine for each page it
 * fetches or is sent (page-reader-answers.ts), the page when the engine cannot (page-reader.ts).
 */

export type PageReading = BodyReading<RegistrationPageResponse>;

/** Headers as name and value pairs: what crosses between the threads (a Headers object cannot). */
export type HeaderList = [string, string][];

export const isHeaderList = (value: unknown): value is HeaderList =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      Array.isArray(entry) &&
      entry.length === 2 &&
      typeof entry[0] === 'string' &&
      typeof entry[1] === 'string',
  );

/** Reads a page's bytes on the current thread (the engine's job, and the page's fallback). Never throws. */
export function readPageBytes(bytes: ArrayBuffer): PageReading {
  let text: string;
  try {
    text = new TextDecoder().decode(bytes);
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'not text' };
  }
  return readJsonBody(registrationPageResponseSchema, text);
}
