import type { BuildCsvInput } from '@/lib/csv/build-csv';
import type { XlsxWorkbookInput } from '@/lib/xlsx/xlsx-table';

/** A small table to export, with the cells a formula guard and a CSV dialect must handle. */
export const csv: BuildCsvInput = {
  headers: ['Nom', 'Commentaire'],
  rows: [
    ['Léa Müller', '=HYPERLINK("x")'],
    ['Zoë', 'a;b\r\nc'],
  ],
  preset: 'excel-fr',
};

export const workbook: XlsxWorkbookInput = {
  table: {
    name: 'Inscriptions',
    columns: [
      { header: 'ID', type: 'number' },
      { header: 'Commentaire', type: 'text' },
    ],
    rows: [
      [1, '=HYPERLINK("x")'],
      [2, 'Zoë'],
    ],
  },
};
