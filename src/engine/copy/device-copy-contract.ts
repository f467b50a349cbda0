import { asIs, done, isId, isRecord, method, type Parser } from '@/engine/rpc/contract';
import type {
  CopyListResult,
  CopyPlace,
  CopyReadResult,
  CopyRecord,
  CopyRecordResult,
  CopySaveResult,
} from './device-copy-protocol';
import type { PageNumbering } from './device-store';
import type { DeviceCopyProbe } from './probe-device-copy';
import { parseSearchAnswer, type SearchAnswer } from './search-protocol';

/**
 * The engine's device copy methods: the encrypted copy of the registrations and of a few whole
 * API answers, for one API key and address (the place). The engine runs them one after
 * another, in the order they came (a wipe sent after a save runs after it); `copy.search` and
 * the slices of a save do not queue. The rows are the page's own or the engine's own, relayed:
 * their shape is checked, not every field.
 */

const isText = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isPlace = (value: unknown): value is CopyPlace =>
  isRecord(value) && isText(value.apiKey) && isText(value.address);
const RECORD_KINDS: ReadonlySet<unknown> = new Set([
  'categories',
  'dismissed-duplicates',
  'event-figures',
  'edition-link',
  'saved-views',
  'frozen-order',
  'answer-corrections',
  'fine-findings',
]);
const isCopyRecord = (value: unknown): value is CopyRecord =>
  isRecord(value) && (value.kind === 'events' || (RECORD_KINDS.has(value.kind) && isId(value.eventId)));
const isPageNumbering = (value: unknown): value is PageNumbering =>
  isRecord(value) && (value.firstPage === 0 || value.firstPage === 1) && isId(value.pageSize);
const SAVE_FAILURES: ReadonlySet<unknown> = new Set(['quota', 'failed', 'unavailable']);
const DISCARD_REASONS: ReadonlySet<unknown> = new Set([
  'schema',
  'expired',
  'other-origin',
  'wrong-key',
  'corrupt',
]);

const isSaveResult = (r: unknown): r is CopySaveResult =>
  isRecord(r) && (r.status === 'saved' || (r.status === 'not-saved' && SAVE_FAILURES.has(r.reason)));

/** What reading an event's list from the copy found (the engine's lists answer it: list-contract.ts). */
export const isReadResult = (r: unknown): r is CopyReadResult => {
  if (!isRecord(r)) return false;
  if (r.status === 'missing' || r.status === 'unavailable') return true;
  if (r.status === 'discarded') return DISCARD_REASONS.has(r.reason);
  return (
    r.status === 'ok' &&
    isId(r.rows) &&
    isTime(r.dataAsOf) &&
    isTime(r.savedAt) &&
    'history' in r &&
    (r.pageNumbering === null || isPageNumbering(r.pageNumbering))
  );
};

const isListResult = (r: unknown): r is CopyListResult =>
  isRecord(r) &&
  (r.status === 'unavailable' ||
    (r.status === 'ok' &&
      Array.isArray(r.events) &&
      r.events.every(
        (event) =>
          isRecord(event) &&
          isId(event.eventId) &&
          (event.rows === null || isId(event.rows)) &&
          isId(event.bytes) &&
          isTime(event.savedAt) &&
          (event.dataAsOf === null || isTime(event.dataAsOf)),
      )));

const isRecordResult = (r: unknown): r is CopyRecordResult =>
  isRecord(r) &&
  (r.status === 'missing' ||
    r.status === 'unavailable' ||
    (r.status === 'ok' && isTime(r.savedAt) && 'value' in r));

const withPlace = <T extends object>(
  check: (p: Record<string, unknown>) => boolean,
): Parser<T & { place: CopyPlace }> => asIs((p) => isRecord(p) && isPlace(p.place) && check(p));

const nothing: Parser<Record<string, never>> = asIs(isRecord);
const yesNo: Parser<boolean> = asIs((r) => typeof r === 'boolean');

/** A search's answer, or null: a newer search replaced it. */
const searchResult: Parser<SearchAnswer | null> = (received) => {
  if (received === null) return { value: null };
  const answer = parseSearchAnswer(received);
  return answer && { value: answer };
};

export interface SearchParams {
  readonly place: CopyPlace;
  readonly query: string;
  readonly limit: number;
  /** These events' matches first. */
  readonly order: readonly number[];
}

export const deviceCopyContract = {
  /** The events the copy holds for this place: plaintext metadata only, no row. */
  'copy.list': method<{ place: CopyPlace }, CopyListResult>({
    params: withPlace(() => true),
    result: asIs(isListResult),
  }),
  /** Saves an API answer kept whole (`savedAt`: when it came, by this browser's clock). */
  'copy.save-record': method<
    { place: CopyPlace; record: CopyRecord; savedAt: number; value: unknown },
    CopySaveResult
  >({
    params: withPlace((p) => isCopyRecord(p.record) && isTime(p.savedAt) && 'value' in p),
    result: asIs(isSaveResult),
  }),
  'copy.read-record': method<{ place: CopyPlace; record: CopyRecord }, CopyRecordResult>({
    params: withPlace((p) => isCopyRecord(p.record)),
    result: asIs(isRecordResult),
  }),
  /** Whether the key opens the copy, changing nothing (offline sign-in). */
  'copy.probe': method<{ place: CopyPlace }, DeviceCopyProbe>({
    params: withPlace(() => true),
    result: asIs((r) => r === 'ok' || r === 'wrong-key' || r === 'no-copy'),
  }),
  /** Deletes the copy; false: the database could not be deleted (it is still there). */
  'copy.wipe': method<Record<string, never>, boolean>({ params: nothing, result: yesNo }),
  /** Deletes a copy nobody opened for 30 days; true when it did. */
  'copy.sweep': method<Record<string, never>, boolean>({ params: nothing, result: yesNo }),
  /**
   * Searches every event the copy holds (device-copy-search.ts): the first `limit` matches.
   * Answered with null when a newer search replaced it; not queued behind saves. The engine
   * sends the notice SEARCH_CHANGED when the index changed: search again.
   */
  'copy.search': method<SearchParams, SearchAnswer | null>({
    params: withPlace(
      (p) => isText(p.query) && isId(p.limit) && Array.isArray(p.order) && p.order.every(isId),
    ),
    result: searchResult,
  }),
  /**
   * Answers once the copy has done everything queued, the jobs those queued included (the
   * search index reading each event): nothing more will touch the database unasked.
   */
  'copy.idle': method<Record<string, never>, true>({ params: nothing, result: done }),
  /** The page's session ended: the search index goes (a wipe drops it too). */
  'copy.search-drop': method<Record<string, never>, true>({ params: nothing, result: done }),
};

/** The notice the engine sends when the search index changed (an event read, saved, wiped). */
export const SEARCH_CHANGED = 'copy.search-changed';
