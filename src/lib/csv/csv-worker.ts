/**
 * Module Web Worker that builds the CSV file off the main thread, so exporting tens of
 * thousands of registrations does not freeze the table. Started by export-csv.ts.
 */
import { workerScope } from '@/lib/worker-scope';
import { createCsvWorkerHandler, type CsvWorkerRequest, type CsvWorkerResponse } from './csv-worker-protocol';

const scope = workerScope<CsvWorkerRequest, CsvWorkerResponse>();

const handle = createCsvWorkerHandler();

scope.onmessage = (event) => {
  const response = handle(event.data);
  if (response) scope.postMessage(response);
};
