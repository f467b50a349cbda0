import { fileNamePart } from '@/lib/text-keys';
import { CSV_PRESETS, type CsvPresetId } from './csv-presets';

/** Longest file-name stem we produce; short enough for any file system and download bar. */
const MAX_STEM_LENGTH = 80;
const FALLBACK_STEM = 'registrations';

/** Windows refuses these as a file's base name whatever the extension (case-insensitive). */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/**
 * The calendar date as YYYY-MM-DD, or '' when it is not a valid date.
 * A Date gives its local calendar day (what the promoter sees); a string that starts with
 * YYYY-MM-DD is taken as written, because `new Date('2026-05-01')` is UTC midnight and would
 * give 30 April west of Greenwich.
 */
function calendarDate(date: Date | string): string {
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
    return match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  }
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * A download file name that is safe on Windows, macOS and Linux and still readable:
 * `marathon-du-lac-leman-registrations-2026-11-22-excel-fr.csv`.
 *
 * Only [a-z0-9_-] survive; accents fold to ASCII; the event part is shortened first so the
 * label, date and tag stay; the stem is never empty and never a Windows reserved device name.
 *
 * @param label the middle word in the interface language ('inscriptions' in French).
 * @param tag tells apart files of the same list and day (the CSV preset), '' for none.
 */
export function downloadFileName(
  eventName: string,
  date: Date | string,
  label: string,
  tag: string,
  extension: string,
): string {
  const suffix = [fileNamePart(label), calendarDate(date), fileNamePart(tag)].filter(Boolean).join('-');
  const room = MAX_STEM_LENGTH - (suffix ? suffix.length + 1 : 0);
  const event = room > 0 ? trimDashes(fileNamePart(eventName).slice(0, room)) : '';
  let stem = trimDashes([event, suffix].filter(Boolean).join('-').slice(0, MAX_STEM_LENGTH));
  if (!stem) stem = FALLBACK_STEM;
  if (WINDOWS_RESERVED.test(stem)) stem = `${stem}-${FALLBACK_STEM}`;
  return `${stem}.${extension}`;
}

/**
 * The CSV's name carries its preset (`…-excel-fr.csv`, `…-excel-en.csv`, `…-utf8.csv`): the
 * three files of one list and day never overwrite each other, and the name says which is which.
 */
export function csvFileName(
  eventName: string,
  date: Date | string,
  presetId: CsvPresetId,
  label = 'registrations',
): string {
  return downloadFileName(eventName, date, label, presetId, CSV_PRESETS[presetId].fileExtension);
}

function trimDashes(text: string): string {
  return text.replace(/^[-_]+|[-_]+$/g, '');
}
