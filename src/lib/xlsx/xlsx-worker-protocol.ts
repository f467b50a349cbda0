import type { XlsxWorkbookInput } from './xlsx-table';

/** What export-xlsx posts to the worker. Plain data, so structured clone can copy it. */
export interface XlsxWorkerRequest {
  readonly id: number;
  readonly workbook: XlsxWorkbookInput;
}

/** What the worker posts back: the file, or why it could not be built. */
export type XlsxWorkerResponse =
  { readonly id: number; readonly blob: Blob } | { readonly id: number; readonly error: string };
