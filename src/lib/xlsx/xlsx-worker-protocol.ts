import type { XlsxWorkbookInput } from './xlsx-table';

/** One workbook to build, as the worker assembles it from the messages below. */
export interface XlsxBuildRequest {
  readonly id: number;
  readonly workbook: XlsxWorkbookInput;
}

/**
 * What export-xlsx posts to the worker: the workbook without its table's rows, then the rows
 * 5,000 at a time, then the end. Plain data, so structured clone can copy it; in pieces, so no
 * single copy of 100,000 rows stalls the page.
 */
export type XlsxWorkerRequest =
  | { readonly id: number; readonly kind: 'begin'; readonly workbook: XlsxWorkbookInput }
  | { readonly id: number; readonly kind: 'rows'; readonly rows: XlsxWorkbookInput['table']['rows'] }
  | { readonly id: number; readonly kind: 'end' };

/** What the worker posts back: the file, or why it could not be built. */
export type XlsxWorkerResponse =
  { readonly id: number; readonly blob: Blob } | { readonly id: number; readonly error: string };
