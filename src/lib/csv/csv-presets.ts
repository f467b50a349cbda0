/**
 * CSV dialects the export offers.
 *
 * Excel decides the encoding and the delimiter from the file itself, not from any header:
 * - Without a UTF-8 byte order mark it reads the file in the legacy ANSI code page, so
 *   "Léman" shows as "LÃ©man". The BOM is the only reliable switch to UTF-8.
 * - It splits on the list separator of the user's regional settings: `;` in French locales
 *   (where `,` is the decimal mark), `,` in English ones. A `sep=;` first line would also
 *   choose the delimiter, but Excel then ignores the BOM, so accents break again.
 * Other tools (databases, scripts, re-import) expect plain RFC 4180 without a BOM, which some
 * of them would otherwise keep as part of the first header name.
 *
 * All presets end lines with CRLF (RFC 4180) and quote a field only when it must be quoted.
 */
export const CSV_PRESET_IDS = ['excel-fr', 'excel-en', 'utf8'] as const;

export type CsvPresetId = (typeof CSV_PRESET_IDS)[number];

export interface CsvPreset {
  readonly id: CsvPresetId;
  readonly delimiter: ';' | ',';
  /** Prepend U+FEFF so Excel decodes the file as UTF-8. */
  readonly bom: boolean;
  readonly newline: '\r\n';
  readonly fileExtension: 'csv';
}

export const CSV_PRESETS: Readonly<Record<CsvPresetId, CsvPreset>> = {
  'excel-fr': { id: 'excel-fr', delimiter: ';', bom: true, newline: '\r\n', fileExtension: 'csv' },
  'excel-en': { id: 'excel-en', delimiter: ',', bom: true, newline: '\r\n', fileExtension: 'csv' },
  utf8: { id: 'utf8', delimiter: ',', bom: false, newline: '\r\n', fileExtension: 'csv' },
};

export const UTF8_BOM = '\uFEFF';
