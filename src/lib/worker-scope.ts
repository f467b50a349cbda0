/**
 * The slice of DedicatedWorkerGlobalScope a worker's entry file uses, typed with its messages.
 * The app's tsconfig loads the DOM library, where `self` is a Window, and the WebWorker
 * library cannot be loaded beside it: this is the one place that says what `self` is in a
 * worker. What arrives is typed as the client sends it; handlers that must not trust it parse it.
 */
export interface WorkerScope<Request, Response> {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage: (message: Response, transfer?: Transferable[]) => void;
}

export function workerScope<Request, Response>(): WorkerScope<Request, Response> {
  return self as unknown as WorkerScope<Request, Response>;
}
