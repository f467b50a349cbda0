/**
 * Module Web Worker that builds the CSV file off the main thread, so exporting tens of
 * thousands of registrations does not freeze the table. Started by export-csv.ts.
 */
import { createCsvWorkerHandler, type CsvWorkerRequest, type CsvWorkerResponse } from './csv-worker-protocol';

/**
 * The slice of DedicatedWorkerGlobalScope this file uses. The app's tsconfig loads the DOM
 * library, where `self` is a Window; the WebWorker library cannot be loaded alongside it.
 */
interface CsvWorkerScope {
  onmessage: ((event: MessageEvent<CsvWorkerRequest>) => void) | null;
  postMessage(message: CsvWorkerResponse): void;
}

const scope = self as unknown as CsvWorkerScope;

const handle = createCsvWorkerHandler();

scope.onmessage = (event) => {
  const response = handle(event.data);
  if (response) scope.postMessage(response);
};
