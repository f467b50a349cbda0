/**
 * What the engine offers: for each method, how to read its parameters (in the engine), its
 * result and its progress (in the page). Both ends hold the same contract, so a call is typed
 * from end to end, and a message that does not match is a typed failure, never a crash.
 */

/** Reads a value received from the other side: `{ value }` when it is one, null when not. Never throws. */
export type Parser<T> = (received: unknown) => { readonly value: T } | null;

export interface MethodSpec<Params, Result, Progress = never> {
  readonly params: Parser<Params>;
  readonly result: Parser<Result>;
  /** For methods that report as they go (a read that sends its rows a slice at a time). */
  readonly progress?: Parser<Progress>;
}

export type Contract = Readonly<Record<string, MethodSpec<unknown, unknown, unknown>>>;

export type ParamsOf<S> = S extends MethodSpec<infer P, unknown, unknown> ? P : never;
export type ResultOf<S> = S extends MethodSpec<unknown, infer R, unknown> ? R : never;
export type ProgressOf<S> = S extends MethodSpec<unknown, unknown, infer G> ? G : never;

/** Declares a method (the identity, for the types). */
export function method<Params, Result, Progress = never>(
  spec: MethodSpec<Params, Result, Progress>,
): MethodSpec<Params, Result, Progress> {
  return spec;
}

/** A value taken as it came: for what the engine's own code made and the other end only relays. */
export const asIs =
  <T>(check: (received: unknown) => boolean = () => true): Parser<T> =>
  (received) => {
    try {
      return check(received) ? { value: received as T } : null;
    } catch {
      return null;
    }
  };

/** `true`: the answer of a method that has nothing to say but that it is done. */
export const done: Parser<true> = (received) => (received === true ? { value: true } : null);

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** An absolute http(s) address: the only kind the engine fetches or answers for. */
export const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value);
