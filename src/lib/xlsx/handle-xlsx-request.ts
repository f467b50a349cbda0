import type { WorkerScope } from '@/lib/worker-scope';
import { buildXlsx } from './build-xlsx';
import type { XlsxWorkbookInput } from './xlsx-table';
import type { XlsxBuildRequest, XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';

/**
 * The worker's job, kept out of xlsx-worker.ts so tests can call it without a worker.
 * An error travels as its message: a string clones everywhere, an Error keeps no subclass.
 */
export async function handleXlsxRequest({ id, workbook }: XlsxBuildRequest): Promise<XlsxWorkerResponse> {
  try {
    return { id, blob: await buildXlsx(workbook) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Puts a workbook back together from its messages (begin, rows…, end): returns the request to
 * build at its end, null before.
 */
export function xlsxRequestAssembler(): (message: XlsxWorkerRequest) => XlsxBuildRequest | null {
  const open = new Map<
    number,
    { workbook: XlsxWorkbookInput; rows: XlsxWorkbookInput['table']['rows'][number][] }
  >();
  return (message) => {
    if (message.kind === 'begin') {
      open.set(message.id, { workbook: message.workbook, rows: [...message.workbook.table.rows] });
      return null;
    }
    const parts = open.get(message.id);
    if (!parts) return null;
    if (message.kind === 'rows') {
      for (const row of message.rows) parts.rows.push(row);
      return null;
    }
    open.delete(message.id);
    const { workbook } = parts;
    return { id: message.id, workbook: { ...workbook, table: { ...workbook.table, rows: parts.rows } } };
  };
}

/** What the worker says when a Content-Security-Policy blocks the compression worker. */
export const CSP_BLOCKED_MESSAGE =
  "The Excel file could not be compressed: the site's Content-Security-Policy blocks blob: workers (worker-src).";

/** The slice of DedicatedWorkerGlobalScope the Excel worker uses. */
export interface XlsxWorkerScope extends WorkerScope<XlsxWorkerRequest, XlsxWorkerResponse> {
  addEventListener(
    type: 'securitypolicyviolation',
    listener: (event: SecurityPolicyViolationEvent) => void,
  ): void;
}

/**
 * Answer export requests in a worker scope.
 *
 * write-excel-file zips with fflate, which compresses each part of 160 kB or more in a nested
 * worker started from a `blob:` URL. Where a Content-Security-Policy header on the worker
 * script forbids that (`worker-src 'self'`), the browser only reports a violation and fflate
 * waits forever. Chromium fires `securitypolicyviolation` in the worker: answer the request
 * being built with an error then, so the export fails visibly instead of hanging.
 */
export function serveXlsxRequests(scope: XlsxWorkerScope): void {
  const pending = new Set<number>();
  scope.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective !== 'worker-src' || !event.blockedURI.startsWith('blob')) return;
    for (const id of pending) scope.postMessage({ id, error: CSP_BLOCKED_MESSAGE });
    pending.clear();
  });
  const assemble = xlsxRequestAssembler();
  scope.onmessage = (event) => {
    const request = assemble(event.data);
    if (!request) return;
    const { id } = request;
    pending.add(id);
    void handleXlsxRequest(request).then((response) => {
      // Already answered if a violation came first.
      if (pending.delete(id)) scope.postMessage(response);
    });
  };
}
