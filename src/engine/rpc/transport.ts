import type { EngineCall, EngineReply } from './messages';

/**
 * The page's end of the engine: a worker, or the engine itself run in the page where there is
 * no `Worker` (jsdom in unit tests, some embedded web views). One place turns the worker's ways
 * of failing (a script that did not load, a crash, a message that could not be read) into one
 * signal.
 */
export interface EngineTransport {
  post: (call: EngineCall, transfer?: Transferable[]) => void;
  /** What the engine sent, unread: the client parses it. */
  onMessage: (listener: (data: unknown) => void) => void;
  /** The engine will answer nothing more: every call waiting must fail. */
  onFailure: (listener: () => void) => void;
  /** Stops the engine; nothing more arrives. */
  close: () => void;
}

/** The engine's side of a transport: it takes each call, and replies through `post`. */
export type EngineReceiver = (data: unknown) => void;
export type EnginePost = (reply: EngineReply, transfer?: Transferable[]) => void;

/**
 * @param startWorker must call `new Worker(new URL('./x-worker.ts', import.meta.url), …)` itself:
 *   Vite bundles a worker only where that expression is written literally.
 */
export function workerTransport(startWorker: () => Worker): EngineTransport {
  let messageListener: (data: unknown) => void = () => {};
  let failureListener: () => void = () => {};
  const worker = startWorker();
  worker.onmessage = (event: MessageEvent<unknown>) => messageListener(event.data);
  worker.onerror = (event: ErrorEvent) => {
    // Handled here: the failure is reported through onFailure, not as an uncaught error.
    event.preventDefault();
    failureListener();
  };
  worker.onmessageerror = () => failureListener();
  return {
    post: (call, transfer = []) => worker.postMessage(call, transfer),
    onMessage: (listener) => void (messageListener = listener),
    onFailure: (listener) => void (failureListener = listener),
    close: () => {
      // Nothing the worker had under way reaches the listeners any more.
      worker.onmessage = null;
      worker.onerror = null;
      worker.onmessageerror = null;
      worker.terminate();
    },
  };
}

/**
 * The engine run in the page (tests in jsdom). `start` is given how to reply and returns how to
 * receive. Replies arrive in later tasks, as a worker's would, and calls keep their order.
 */
export function inPageTransport(
  start: (post: EnginePost) => EngineReceiver | Promise<EngineReceiver>,
): EngineTransport {
  let messageListener: (data: unknown) => void = () => {};
  let closed = false;
  const receiver = Promise.resolve(start((reply) => setTimeout(() => closed || messageListener(reply))));
  return {
    post: (call) => void receiver.then((receive) => closed || receive(call)),
    onMessage: (listener) => void (messageListener = listener),
    onFailure: () => {},
    close: () => void (closed = true),
  };
}
