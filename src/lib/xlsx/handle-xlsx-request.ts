import { buildXlsx } from './build-xlsx';
import type { XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';

/**
 * The worker's whole job, kept out of xlsx-worker.ts so tests can call it without a worker.
 * An error travels as its message: a string clones everywhere, an Error keeps no subclass.
 */
export async function handleXlsxRequest({ id, workbook }: XlsxWorkerRequest): Promise<XlsxWorkerResponse> {
  try {
    return { id, blob: await buildXlsx(workbook) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}
