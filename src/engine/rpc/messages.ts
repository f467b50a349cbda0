/**
 * What crosses between the page and the engine worker, and nothing else: a call, its
 * cancellation, its progress, its result or its error, and the engine's notices (news the
 * page did not ask for, such as "the search index changed"). Both ends parse what they receive
 * with the functions below before any use; they never throw.
 */

/** Why a call failed, as the page can act on it. */
export type EngineErrorCode =
  /** The worker could not start, crashed or sent a message that could not be read. */
  | 'crashed'
  /** The engine has no such method. */
  | 'unknown-method'
  /** The engine could not read the call's parameters. */
  | 'bad-request'
  /** The page could not read the engine's answer. */
  | 'bad-reply'
  /** The method threw. */
  | 'failed';

const ERROR_CODES: ReadonlySet<string> = new Set<EngineErrorCode>([
  'crashed',
  'unknown-method',
  'bad-request',
  'bad-reply',
  'failed',
]);

/** From the page to the engine. */
export type EngineCall =
  | { readonly kind: 'call'; readonly id: number; readonly method: string; readonly params: unknown }
  /** The page stopped waiting for call `id`: its work may stop, and it answers nothing more. */
  | { readonly kind: 'cancel'; readonly id: number };

/** From the engine to the page. */
export type EngineReply =
  | { readonly kind: 'progress'; readonly id: number; readonly value: unknown }
  | { readonly kind: 'result'; readonly id: number; readonly value: unknown }
  | {
      readonly kind: 'error';
      readonly id: number;
      readonly code: EngineErrorCode;
      readonly message: string;
    }
  | { readonly kind: 'notice'; readonly topic: string; readonly value: unknown };

const isCallId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The own enumerable fields of a plain object, or null. Never throws (a getter that throws too). */
function fieldsOf(value: unknown): Record<string, unknown> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  try {
    return { ...(value as Record<string, unknown>) };
  } catch {
    return null;
  }
}

/** A message the page could have sent, or null. Never throws. */
export function parseEngineCall(data: unknown): EngineCall | null {
  const message = fieldsOf(data);
  if (!message || !isCallId(message.id)) return null;
  const { id } = message;
  if (message.kind === 'cancel') return { kind: 'cancel', id };
  if (message.kind !== 'call' || typeof message.method !== 'string') return null;
  return { kind: 'call', id, method: message.method, params: message.params };
}

/** A message the engine could have sent, or null. Never throws. */
export function parseEngineReply(data: unknown): EngineReply | null {
  const message = fieldsOf(data);
  if (!message) return null;
  if (message.kind === 'notice')
    return typeof message.topic === 'string'
      ? { kind: 'notice', topic: message.topic, value: message.value }
      : null;
  if (!isCallId(message.id)) return null;
  const { id } = message;
  if (message.kind === 'progress' || message.kind === 'result')
    return { kind: message.kind, id, value: message.value };
  if (message.kind !== 'error' || typeof message.code !== 'string' || !ERROR_CODES.has(message.code))
    return null;
  const text = typeof message.message === 'string' ? message.message : '';
  return { kind: 'error', id, code: message.code as EngineErrorCode, message: text };
}

/** The id a message names, when it names one it could be about (to fail that call). Never throws. */
export function callIdOf(data: unknown): number | null {
  const message = fieldsOf(data);
  return message && isCallId(message.id) ? message.id : null;
}
