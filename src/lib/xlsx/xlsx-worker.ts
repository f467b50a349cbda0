/**
 * Module Web Worker that builds the .xlsx file off the main thread. Started by export-xlsx.ts;
 * the only code that loads write-excel-file in the browser, so the library is downloaded
 * with the worker, when the export menu opens, not with the app.
 */
import { workerScope } from '@/lib/worker-scope';
import { serveXlsxRequests, type XlsxWorkerScope } from './handle-xlsx-request';
import type { XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';

// A worker's scope also has addEventListener, for the violations the Excel worker listens to.
serveXlsxRequests(workerScope<XlsxWorkerRequest, XlsxWorkerResponse>() as XlsxWorkerScope);
