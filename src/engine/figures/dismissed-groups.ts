import { keptKeysRecord, parseKeptKeys, type KeptKeysRecord } from '@/lib/kept-keys';
import type { DuplicateKind } from './duplicate-kinds';

/*
 * The groups of possible duplicates the promoter dismissed ("Not a duplicate"), as kept in the
 * device copy (features/registrations/insights/dismissed-duplicates.ts keeps them): the
 * duplicates tab hides them, and the data doctor does not count a dismissed group as the same
 * person registered twice.
 */

/** More than any promoter dismisses by hand: a damaged record cannot grow the page's memory. */
const MAX_KEYS = 10_000;
const KINDS: readonly DuplicateKind[] = ['likely', 'possible', 'shared-email'];
const KEY = /^([a-z-]+):(\d{1,15}(?:,\d{1,15})+)$/;

/** Whether `value` has the shape of a group key ("likely:12,40"). */
function isGroupKey(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2_000) return false;
  const match = KEY.exec(value);
  return match !== null && (KINDS as readonly string[]).includes(match[1] ?? '');
}

/** The dismissed keys in whatever was read back. Never throws; keeps the keys that look right. */
export const parseDismissedDuplicates = (value: unknown): ReadonlySet<string> =>
  parseKeptKeys(value, isGroupKey, MAX_KEYS);

/** The record saved for a set of dismissed keys (parseDismissedDuplicates reads it back). */
export const dismissedRecord = (keys: ReadonlySet<string>): KeptKeysRecord => keptKeysRecord(keys, MAX_KEYS);
