/**
 * Module Web Worker that builds the .xlsx file off the main thread. Started by export-xlsx.ts;
 * the only code that loads write-excel-file in the browser, so the library is downloaded
 * with the worker, when the export menu opens, not with the app.
 */
import { serveXlsxRequests } from './handle-xlsx-request';

// The app's types load the DOM library, where `self` is a Window; it has the members
// XlsxWorkerScope names, which is all this file relies on.
serveXlsxRequests(self);
