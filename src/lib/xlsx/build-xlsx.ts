import writeExcelFile from 'write-excel-file/universal';
import { autoFilterFeature } from './autofilter-feature';
import { workbookSpec } from './sheet-data';
import { XLSX_MIME_TYPE, type XlsxWorkbookInput } from './xlsx-table';

/**
 * Build the .xlsx file. This module imports write-excel-file: load it only inside the
 * export worker or through a dynamic import, so the library stays out of the app bundle.
 *
 * `write-excel-file/universal` is the build that runs both in a Web Worker and in Node (the
 * `/browser` one is the same code plus a download helper that needs a document; `/node`
 * returns a Buffer or a stream). Its zip step (fflate's async `zip`) compresses any part
 * of 160 kB or more in a nested worker made from a `blob:` URL: see README.md beside this file
 * for what that means for a Content-Security-Policy header.
 */
export async function buildXlsx(input: XlsxWorkbookInput): Promise<Blob> {
  const { sheets, ranges } = workbookSpec(input);
  const blob = await writeExcelFile(sheets, { features: [autoFilterFeature(ranges)] }).toBlob();
  return blob.type === XLSX_MIME_TYPE ? blob : new Blob([blob], { type: XLSX_MIME_TYPE });
}
