import { readJsonBody, type BodyReading } from '@/lib/json-body';
import { registrationPageResponseSchema, type RegistrationPageResponse } from '../api/registration-schemas';

/* The reading of a page of registrations, in the engine: its bytes as text, as JSON, checked. */

export type PageReading = BodyReading<RegistrationPageResponse>;

/** Reads a page's bytes. Never throws. */
export function readPageBytes(bytes: ArrayBuffer): PageReading {
  let text: string;
  try {
    text = new TextDecoder().decode(bytes);
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'not text' };
  }
  return readJsonBody(registrationPageResponseSchema, text);
}

/** A success's body as a page of registrations; a body cut short reads as not JSON. Never throws. */
export async function readBody(response: Response): Promise<PageReading> {
  try {
    return readPageBytes(await response.arrayBuffer());
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'unreadable' };
  }
}
