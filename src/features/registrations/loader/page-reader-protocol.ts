import { readJsonBody, type BodyReading } from '@/lib/json-body';
import { registrationPageResponseSchema, type RegistrationPageResponse } from './schemas';

/*
 * What the page and the page reader worker say to each other (see page-reader.ts), and the
 * reading itself, which both run: the worker for each page, the page when there is no worker.
 */

/** What the page sends: the body's bytes, copied (the page keeps its own for the fallback). */
export interface PageReaderRequest {
  readonly id: number;
  readonly bytes: ArrayBuffer;
}

export interface PageReaderReply {
  readonly id: number;
  readonly reading: BodyReading<RegistrationPageResponse>;
}

/** Reads a page's bytes on the current thread (the worker's job, and the page's fallback). Never throws. */
export function readPageBytes(bytes: ArrayBuffer): BodyReading<RegistrationPageResponse> {
  let text: string;
  try {
    text = new TextDecoder().decode(bytes);
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'not text' };
  }
  return readJsonBody(registrationPageResponseSchema, text);
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A message from the worker, or null when it is not a reply it could have sent. The rows of
 * a reply were checked against the schema in the worker; here only the reply's own shape is.
 * Never throws.
 */
export function parsePageReaderReply(message: unknown): PageReaderReply | null {
  if (!isRecord(message) || !Number.isSafeInteger(message.id) || !isRecord(message.reading)) return null;
  const id = message.id as number;
  const { reading } = message;
  if (reading.ok === true) {
    if (!isRecord(reading.data) || !Array.isArray(reading.data.registrations)) return null;
    return { id, reading: { ok: true, data: reading.data as RegistrationPageResponse } };
  }
  if (reading.ok !== false || typeof reading.detail !== 'string') return null;
  if (reading.problem === 'not-json')
    return { id, reading: { ok: false, problem: 'not-json', detail: reading.detail } };
  if (reading.problem === 'invalid' && typeof reading.field === 'string')
    return { id, reading: { ok: false, problem: 'invalid', field: reading.field, detail: reading.detail } };
  return null;
}
