import { downloadFileName } from '@/lib/csv/csv-file-name';

/**
 * `marathon-du-lac-leman-inscriptions-2026-11-22.xlsx`: the CSV export's name rules (safe on
 * every system, accents folded, event shortened first, never empty or a reserved device name)
 * with the Excel extension; one shared function, so both exports always agree.
 *
 * @param label the middle word in the interface language ('inscriptions' in French).
 */
export function xlsxFileName(eventName: string, date: Date | string, label = 'registrations'): string {
  return downloadFileName(eventName, date, label, '', 'xlsx');
}
