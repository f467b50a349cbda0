import type { z } from '@/lib/zod';
import { describeZodIssue } from './zod-issue';

/**
 * What an API response's body turned out to be: the value its schema expects, text that is
 * not JSON, or JSON that does not match the schema (the first issue, named for the IT contact).
 * Plain data, so it can cross between threads.
 */
export type BodyReading<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly problem: 'not-json'; readonly detail: string }
  | { readonly ok: false; readonly problem: 'invalid'; readonly field: string; readonly detail: string };

/** Reads a body as JSON and checks it against `schema`. Never throws. */
export function readJsonBody<S extends z.ZodMiniType>(schema: S, text: string): BodyReading<z.output<S>> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (cause) {
    return { ok: false, problem: 'not-json', detail: cause instanceof Error ? cause.message : 'not JSON' };
  }
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const issue = describeZodIssue(result.error);
  return { ok: false, problem: 'invalid', field: issue.field, detail: issue.message };
}
