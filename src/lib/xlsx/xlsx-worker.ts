/**
 * Module Web Worker that builds the .xlsx file off the main thread. Started by export-xlsx.ts;
 * the only code that loads write-excel-file in the browser, so the library is downloaded
 * with the worker, when the export menu opens, not with the app.
 */
import { handleXlsxRequest } from './handle-xlsx-request';
import type { XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';

/** The slice of DedicatedWorkerGlobalScope used here (the app's types load the DOM library). */
interface XlsxWorkerScope {
  onmessage: ((event: MessageEvent<XlsxWorkerRequest>) => void) | null;
  postMessage(message: XlsxWorkerResponse): void;
}

const scope = self as unknown as XlsxWorkerScope;

scope.onmessage = (event) => {
  void handleXlsxRequest(event.data).then((response) => scope.postMessage(response));
};
