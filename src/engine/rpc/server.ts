import type { Contract, ParamsOf, ProgressOf, ResultOf } from './contract';
import { parseEngineCall } from './messages';
import type { EnginePost, EngineReceiver } from './transport';

export interface MethodContext<Progress> {
  /** Aborted when the page cancels the call: stop, and what is returned is not sent. */
  readonly signal: AbortSignal;
  /** Sends a progress value to the caller (nothing once the call was cancelled). */
  readonly progress: (value: Progress, transfer?: Transferable[]) => void;
}

/** What a method returns, with buffers to hand over rather than copy. */
export interface Transferring<T> {
  readonly value: T;
  readonly transfer: Transferable[];
}

export type Handlers<C extends Contract> = {
  readonly [M in keyof C]: (
    params: ParamsOf<C[M]>,
    context: MethodContext<ProgressOf<C[M]>>,
  ) => ResultOf<C[M]> | Transferring<ResultOf<C[M]>> | Promise<ResultOf<C[M]> | Transferring<ResultOf<C[M]>>>;
};

const transfers = new WeakSet<object>();
const isTransferring = (value: unknown): value is Transferring<unknown> =>
  typeof value === 'object' && value !== null && transfers.has(value);

/** A result whose buffers are handed over rather than copied; marked, so no plain result is mistaken for one. */
export function transferResult<T>(value: T, transfer: Transferable[]): Transferring<T> {
  const wrapped = { value, transfer };
  transfers.add(wrapped);
  return wrapped;
}

/**
 * The engine's side of the RPC: reads each call (anything malformed is dropped, or failed when
 * it names its call), checks its parameters against the contract, runs the method, and answers
 * its result or a typed error. A cancelled call's work is told through its signal and answers
 * nothing.
 */
export function serveEngine<C extends Contract>(
  contract: C,
  handlers: Handlers<C>,
  post: EnginePost,
): EngineReceiver {
  const running = new Map<number, AbortController>();
  const table = handlers as Readonly<
    Record<string, (params: unknown, context: MethodContext<unknown>) => unknown>
  >;

  async function run(id: number, method: string, received: unknown) {
    const spec = Object.hasOwn(contract, method) ? contract[method] : undefined;
    const handle = Object.hasOwn(table, method) ? table[method] : undefined;
    if (!spec || !handle) return post({ kind: 'error', id, code: 'unknown-method', message: method });
    const params = spec.params(received);
    if (!params)
      return post({ kind: 'error', id, code: 'bad-request', message: `${method}: unreadable parameters` });
    const controller = new AbortController();
    running.set(id, controller);
    const { signal } = controller;
    try {
      const outcome = await handle(params.value, {
        signal,
        progress: (value, transfer) => signal.aborted || post({ kind: 'progress', id, value }, transfer),
      });
      if (signal.aborted) return;
      if (isTransferring(outcome)) post({ kind: 'result', id, value: outcome.value }, outcome.transfer);
      else post({ kind: 'result', id, value: outcome });
    } catch (error) {
      if (signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      post({ kind: 'error', id, code: 'failed', message: `${method}: ${message}` });
    } finally {
      running.delete(id);
    }
  }

  return (data) => {
    const call = parseEngineCall(data);
    if (!call) return;
    if (call.kind === 'cancel') running.get(call.id)?.abort();
    else void run(call.id, call.method, call.params);
  };
}
