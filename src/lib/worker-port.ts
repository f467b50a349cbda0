/**
 * The page's end of a long-lived module worker (the device copy, the insights): one place
 * that turns the worker's ways of failing into one signal, and that runs the same handler in
 * the page where there is no `Worker` (jsdom in unit tests, some embedded web views).
 * The exports, which start a worker per file, use worker-job.ts instead.
 */
export interface WorkerPort<Request, Response> {
  post: (message: Request, transfer?: Transferable[]) => void;
  onResponse: (listener: (response: Response) => void) => void;
  /**
   * The worker could not start (its script failed to load), crashed, or sent a message that
   * could not be read: every request waiting will never be answered.
   */
  onFailure: (listener: () => void) => void;
  /** Stops the worker; nothing more is answered. */
  close: () => void;
}

/** Answers requests in the page: given how to reply, the function that takes each request. */
export type InPageHandler<Request, Response> = (
  reply: (response: Response) => void,
) => ((request: Request) => void) | Promise<(request: Request) => void>;

/**
 * @param startWorker must call `new Worker(new URL('./x-worker.ts', import.meta.url), …)`
 *   itself: Vite bundles a worker only where that expression is written literally.
 * @param inPage the worker's own handler, loaded (with a dynamic import, to keep its code out
 *   of the page's bundle) only where there is no Worker. Its answers arrive in later tasks, as
 *   a worker's would, and requests keep their order.
 */
export function openWorkerPort<Request, Response>(
  startWorker: () => Worker,
  inPage: InPageHandler<Request, Response>,
): WorkerPort<Request, Response> {
  let responseListener: (response: Response) => void = () => {};
  let failureListener: () => void = () => {};
  const listeners = {
    onResponse: (listener: (response: Response) => void) => void (responseListener = listener),
    onFailure: (listener: () => void) => void (failureListener = listener),
  };
  if (typeof Worker === 'undefined') {
    let closed = false;
    const handler = Promise.resolve(
      inPage((response) => setTimeout(() => closed || responseListener(response))),
    );
    return {
      ...listeners,
      post: (message) => void handler.then((handle) => closed || handle(message)),
      close: () => void (closed = true),
    };
  }
  const worker = startWorker();
  worker.onmessage = (event: MessageEvent<Response>) => responseListener(event.data);
  worker.onerror = (event: ErrorEvent) => {
    // Handled here: the failure is reported through onFailure, not as an uncaught error.
    event.preventDefault();
    failureListener();
  };
  worker.onmessageerror = () => failureListener();
  return {
    ...listeners,
    post: (message, transfer = []) => worker.postMessage(message, transfer),
    close: () => {
      // Nothing the worker had under way reaches the listeners any more.
      worker.onmessage = null;
      worker.onerror = null;
      worker.onmessageerror = null;
      worker.terminate();
    },
  };
}
