import type { Feature } from 'write-excel-file/universal';

/**
 * write-excel-file 4.1 has no autofilter option, but it has "features": documented hooks that
 * transform the XML parts of the file. This one adds the two pieces Excel itself writes for
 * a filter on a range:
 * - `<autoFilter ref="A1:F25001"/>` in the sheet, which puts the drop-down buttons on the
 *   header row. The schema (ECMA-376 CT_Worksheet) wants it after `<sheetData>` and the
 *   optional sheetCalcPr / sheetProtection / protectedRanges / scenarios, none of which this
 *   library writes, so it goes right after `</sheetData>`. Found from the end, with plain
 *   string search: the sheet XML of 100,000 rows is tens of megabytes.
 * - the hidden `_xlnm._FilterDatabase` name for that range in the workbook, which Excel and
 *   LibreOffice use to recognise the filtered range.
 */

/** The filtered range of one sheet. */
export interface AutoFilterRange {
  readonly sheetIndex: number;
  readonly sheetName: string;
  readonly columns: number;
  /** Rows including the header row. */
  readonly rows: number;
}

/** "A", "B", … "Z", "AA", …: Excel's column letters for a 1-based column number. */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

function rangeOf({ columns, rows }: AutoFilterRange, absolute: boolean): string {
  const $ = absolute ? '$' : '';
  return `${$}A${$}1:${$}${columnLetters(columns)}${$}${Math.max(1, rows)}`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function definedName(range: AutoFilterRange): string {
  // A sheet name in a formula is quoted, with its apostrophes doubled.
  const sheet = `'${range.sheetName.replace(/'/g, "''")}'`;
  return (
    `<definedName name="_xlnm._FilterDatabase" localSheetId="${range.sheetIndex}" hidden="1">` +
    `${escapeXml(sheet)}!${rangeOf(range, true)}</definedName>`
  );
}

function addToSheet(xml: string, range: AutoFilterRange): string {
  const marker = '</sheetData>';
  const at = xml.lastIndexOf(marker);
  if (at < 0) throw new Error('Autofilter: the sheet has no </sheetData>.');
  const end = at + marker.length;
  return `${xml.slice(0, end)}<autoFilter ref="${rangeOf(range, false)}"/>${xml.slice(end)}`;
}

function addToWorkbook(xml: string, ranges: readonly AutoFilterRange[]): string {
  const names = ranges.map(definedName).join('');
  if (xml.includes('<definedNames/>'))
    return xml.replace('<definedNames/>', `<definedNames>${names}</definedNames>`);
  if (xml.includes('</definedNames>')) return xml.replace('</definedNames>', `${names}</definedNames>`);
  // CT_Workbook order: definedNames comes right after sheets (no functionGroups or external
  // references are written by this library).
  if (!xml.includes('</sheets>')) throw new Error('Autofilter: the workbook has no </sheets>.');
  return xml.replace('</sheets>', `</sheets><definedNames>${names}</definedNames>`);
}

/** The write-excel-file feature that puts an autofilter on each given range. */
export function autoFilterFeature(ranges: readonly AutoFilterRange[]): Feature<Blob> {
  return {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transform: (xml, _options, { sheetIndex }) => {
            const range = ranges.find((r) => r.sheetIndex === sheetIndex);
            return range ? addToSheet(xml, range) : xml;
          },
        },
        'xl/workbook.xml': {
          transform: (xml) => (ranges.length > 0 ? addToWorkbook(xml, ranges) : xml),
        },
      },
    },
  };
}
