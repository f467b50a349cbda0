// The public surface of the Excel export (the file itself is built by the engine:
// src/engine/export). build-xlsx (and write-excel-file) is deliberately not exported here:
// importing it from app code would pull the library into the bundle.
export { xlsxFileName } from './xlsx-file-name';
export { XLSX_MIME_TYPE, type XlsxColumnType, type XlsxFigure, type XlsxWorkbookInput } from './xlsx-table';
