import type { Contract, ParamsOf, ProgressOf, ResultOf } from './contract';
import { EngineError } from './engine-error';
import { callIdOf, parseEngineReply, type EngineReply } from './messages';
import type { EngineTransport } from './transport';

export interface CallOptions<Progress> {
  /** Aborting stops waiting at once (the call rejects with the signal's reason) and tells the engine. */
  readonly signal?: AbortSignal | null;
  readonly onProgress?: (value: Progress) => void;
  /** Buffers handed over to the engine rather than copied (the caller loses them). */
  readonly transfer?: Transferable[];
}

export interface EngineClient<C extends Contract> {
  call<M extends keyof C & string>(
    method: M,
    params: ParamsOf<C[M]>,
    options?: CallOptions<ProgressOf<C[M]>>,
  ): Promise<ResultOf<C[M]>>;
  /** Be told of the engine's notices on `topic`; returns how to stop. */
  onNotice(topic: string, listener: (value: unknown) => void): () => void;
  /**
   * Be told when the engine failed and a new one starts: it holds nothing the old one held
   * (rows sent to it, say). Returns how to stop.
   */
  onRestart(listener: () => void): () => void;
}

interface Waiting {
  readonly method: string;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  readonly progress?: (value: unknown) => void;
  readonly settled: () => void;
}

/**
 * The page's side of the engine's RPC. Each call gets an id; the engine answers it once (after
 * any progress). A transport that fails rejects every call waiting with a `crashed`
 * EngineError, and the next call starts a new engine.
 */
export function createEngineClient<C extends Contract>(
  contract: C,
  open: () => EngineTransport,
): EngineClient<C> {
  const waiting = new Map<number, Waiting>();
  const noticeListeners = new Map<string, Set<(value: unknown) => void>>();
  const restartListeners = new Set<() => void>();
  let transport: EngineTransport | null = null;
  let nextId = 1;

  const fail = (id: number, error: EngineError) => {
    const call = waiting.get(id);
    if (!call) return;
    waiting.delete(id);
    call.settled();
    call.reject(error);
  };

  const heard = (reply: EngineReply) => {
    if (reply.kind === 'notice') {
      for (const listener of noticeListeners.get(reply.topic) ?? []) listener(reply.value);
      return;
    }
    const call = waiting.get(reply.id);
    if (!call) return;
    const spec = contract[call.method]!;
    if (reply.kind === 'error') return fail(reply.id, new EngineError(reply.code, reply.message));
    if (reply.kind === 'progress') {
      const progress = spec.progress?.(reply.value);
      if (progress) call.progress?.(progress.value);
      else fail(reply.id, new EngineError('bad-reply', `${call.method}: unreadable progress`));
      return;
    }
    const result = spec.result(reply.value);
    if (!result) return fail(reply.id, new EngineError('bad-reply', `${call.method}: unreadable result`));
    waiting.delete(reply.id);
    call.settled();
    call.resolve(result.value);
  };

  const connect = (): EngineTransport => {
    if (transport) return transport;
    const opened = open();
    opened.onMessage((data) => {
      const reply = parseEngineReply(data);
      if (reply) return heard(reply);
      // Unreadable, but about a call: that call fails rather than waiting for ever.
      const id = callIdOf(data);
      if (id !== null) fail(id, new EngineError('bad-reply', 'unreadable reply'));
    });
    opened.onFailure(() => {
      // Once per engine: a worker may report more than one error as it dies.
      if (transport !== opened) return;
      opened.close();
      transport = null;
      for (const id of [...waiting.keys()]) fail(id, new EngineError('crashed', 'The engine stopped.'));
      for (const listener of restartListeners) listener();
    });
    return (transport = opened);
  };

  return {
    call(method, params, options = {}) {
      const { signal, onProgress, transfer } = options;
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      let engine: EngineTransport;
      try {
        engine = connect();
      } catch (cause) {
        // No engine could be started here (a Worker the browser refused): a typed failure.
        const message = cause instanceof Error ? cause.message : 'The engine could not start.';
        return Promise.reject(new EngineError('crashed', message));
      }
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!waiting.delete(id)) return;
          engine.post({ kind: 'cancel', id });
          reject(signal?.reason as Error);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.set(id, {
          method,
          resolve: resolve as (value: unknown) => void,
          reject,
          progress: onProgress as ((value: unknown) => void) | undefined,
          settled: () => signal?.removeEventListener('abort', onAbort),
        });
        engine.post({ kind: 'call', id, method, params }, transfer);
      });
    },
    onNotice(topic, listener) {
      try {
        connect();
      } catch {
        // No engine: no notice will come; calls say why.
      }
      let listeners = noticeListeners.get(topic);
      if (!listeners) noticeListeners.set(topic, (listeners = new Set()));
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    onRestart(listener) {
      restartListeners.add(listener);
      return () => void restartListeners.delete(listener);
    },
  };
}
