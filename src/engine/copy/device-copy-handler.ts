import { deleteUnusedDeviceCopy, deviceCopyExists, wipeDeviceCopy } from './device-store';
import { openDeviceCopy } from './open-device-copy';
import { discardKeptEvent, listKeptEvents, readKeptList } from './device-copy-reads';
import { decodeOpenedChunks } from './device-copy-registrations';
import { probeDeviceCopy } from './probe-device-copy';
import type { Handlers } from '@/engine/rpc/server';
import { SEARCH_CHANGED, type deviceCopyContract } from './device-copy-contract';
import type {
  CopyPlace,
  CopyReadResult,
  CopyRecord,
  CopyRecordResult,
  CopySaveResult,
} from './device-copy-protocol';
import type { PageNumbering } from './device-store';
import type { DeviceRegistration, EncodedRows } from './registrations-codec';
import { createCopySearch } from './device-copy-search';

/**
 * The engine's device copy (device-copy-contract.ts), plain functions so they also run
 * in the page where there is no Worker (tests in jsdom). Calls run one after another, in the
 * order they came: a wipe sent after a save runs after it, and nothing can reopen the copy in
 * between. What a call throws (the store answers typed results: it should not) is answered as
 * the failure of its kind (unavailable, not saved, not wiped).
 * The copy is opened for each call and closed after it, so a wipe by another tab (which
 * deletes the database) never finds it held open here.
 *
 * Every write (save, wipe, sweep) holds one Web Lock shared by all the tabs of the origin, so
 * two tabs' workers never interleave their writes: a save in one tab and a wipe ("Forget this
 * device", sign-out) in another run one after the other. A read of an event's list holds the
 * same lock in shared mode: it takes several transactions (its entry, its chunks, its
 * history), and a save by another tab landing between them would give the rows of one list
 * with the history of the next, or chunks of another generation (read as damaged, and
 * discarded). Reads still run side by side. Where the browser has no Web Locks, calls run as
 * they come (each tab's own calls are still in order).
 *
 * The page calls its methods (`handlers`); the engine's own work uses the same queued, locked
 * saves and reads of whole lists (sync/list-work.ts: the rows never leave the engine for them).
 */
export interface DeviceCopyEngine {
  readonly handlers: Handlers<typeof deviceCopyContract>;
  /** Saves an event's whole list (and indexes it for the search). */
  saveList(
    place: CopyPlace,
    eventId: number,
    rows: readonly DeviceRegistration[],
    dataAsOf: number,
    extra: { history: unknown; pageNumbering: PageNumbering | undefined },
  ): Promise<CopySaveResult>;
  /**
   * Reads an event's list: each chunk, decrypted, to `onChunk` as it opens (none when null),
   * then what the rows are as of. Their decoding starts in a task after this answer (a reader
   * answers the page first, which decodes the chunks it was handed meanwhile): `rows`, indexed
   * for the search once decoded. Null when there are none, or a chunk did not decode: the event
   * is then discarded from the copy. A read found damaged midway answers `discarded` after some
   * chunks went: they are not to be used.
   */
  readList(
    place: CopyPlace,
    eventId: number,
    onChunk: ((encoded: EncodedRows, rows: number) => void) | null,
  ): Promise<ListRead>;
  /** Saves one record (an event's figures...), as `copy.save-record` does. */
  saveRecord(place: CopyPlace, record: CopyRecord, savedAt: number, value: unknown): Promise<CopySaveResult>;
  /** Reads one record (the findings marked fine...), as `copy.read-record` does. */
  readRecord(place: CopyPlace, record: CopyRecord): Promise<CopyRecordResult>;
}

/** An event's list read from the copy (DeviceCopyEngine.readList). */
export interface ListRead {
  readonly read: CopyReadResult;
  readonly rows: Promise<DeviceRegistration[] | null>;
}

export function createDeviceCopyEngine(notify: (topic: typeof SEARCH_CHANGED) => void): DeviceCopyEngine {
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs `work` after everything queued before it; what it throws answers `fallback`. */
  const queued = <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    const run = queue.then(work).catch(() => fallback);
    queue = run;
    return run;
  };
  const search = createCopySearch(
    () => notify(SEARCH_CHANGED),
    (job) => void queued(job, undefined),
  );

  const saveList: DeviceCopyEngine['saveList'] = (place, eventId, rows, dataAsOf, extra) =>
    queued(
      async () => {
        // A task of its own: the answer of the call that asked for the save (a screen's list)
        // goes out before the save's encoding takes the engine (a second at 100,000 rows).
        await new Promise((resolve) => setTimeout(resolve, 0));
        const result = await withWriteLock(() => save(place, eventId, rows, dataAsOf, extra));
        if (result.status === 'saved') search.noteRows(place, eventId, dataAsOf, rows);
        return result;
      },
      { status: 'not-saved', reason: 'failed' },
    );
  const saveOneRecord: DeviceCopyEngine['saveRecord'] = (place, record, savedAt, value) =>
    queued(() => withWriteLock(() => saveRecord(place, record, savedAt, value)), {
      status: 'not-saved',
      reason: 'failed',
    });

  const readList: DeviceCopyEngine['readList'] = async (place, eventId, onChunk) => {
    const { read, chunks } = await queued(
      () => withCopyLock('shared', () => readKeptList(place, eventId, onChunk)),
      { read: { status: 'unavailable' }, chunks: null },
    );
    if (read.status !== 'ok' || !chunks) return { read, rows: Promise.resolve(null) };
    const rows = new Promise<void>((resolve) => setTimeout(resolve)).then(() => {
      const decoded = decodeOpenedChunks(chunks);
      if (decoded) search.noteRows(place, eventId, read.dataAsOf, decoded);
      else void queued(() => withWriteLock(() => discardKeptEvent(place, eventId)), undefined);
      return decoded;
    });
    return { read, rows };
  };

  const readOneRecord: DeviceCopyEngine['readRecord'] = (place, record) =>
    queued(() => readRecord(place, record), { status: 'unavailable' });

  const handlers: Handlers<typeof deviceCopyContract> = {
    'copy.list': ({ place }) => queued(() => listKeptEvents(place), { status: 'unavailable' }),
    'copy.save-record': ({ place, record, savedAt, value }) => saveOneRecord(place, record, savedAt, value),
    'copy.read-record': ({ place, record }) => readOneRecord(place, record),
    'copy.probe': ({ place }) =>
      queued(() => probeDeviceCopy({ apiKey: place.apiKey, origin: place.address }), 'no-copy'),
    'copy.wipe': () => {
      // A wipe forgets the search index at once: no search answers from the wiped rows meanwhile.
      search.drop();
      return queued(async () => {
        await withWriteLock(wipeDeviceCopy);
        return true;
      }, false);
    },
    'copy.sweep': () => queued(() => withWriteLock(deleteUnusedDeviceCopy), false),
    'copy.search': (request) => search.search(request),
    'copy.idle': async (): Promise<true> => {
      // A job may queue more (reading the index's events): wait until the queue stops moving.
      let seen: Promise<unknown>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
      return true;
    },
    'copy.search-drop': () => {
      search.drop();
      return true;
    },
  };
  return { handlers, saveList, readList, saveRecord: saveOneRecord, readRecord: readOneRecord };
}

/** The Web Lock every tab's writes (exclusive) and list reads (shared) take (see createDeviceCopyEngine). */
export const DEVICE_COPY_LOCK = 'promoter-dashboard-device-copy';

/** Runs `work` holding the copy's lock in `mode` where the browser has Web Locks, else at once. */
function withCopyLock<T>(mode: LockMode, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  // Called without the Lock the browser passes: `work` may take an optional argument of its own.
  return locks.request(DEVICE_COPY_LOCK, { mode }, () => work());
}

const withWriteLock = <T>(write: () => Promise<T>): Promise<T> => withCopyLock('exclusive', write);

async function save(
  place: { apiKey: string; address: string },
  eventId: number,
  rows: readonly DeviceRegistration[],
  dataAsOf: number,
  extra: { history: unknown; pageNumbering: PageNumbering | undefined },
): Promise<CopySaveResult> {
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return { status: 'not-saved', reason: 'unavailable' };
  try {
    if (extra.pageNumbering) await opened.copy.savePageNumbering(extra.pageNumbering);
    const result = await opened.copy.saveRegistrations(eventId, rows, dataAsOf, extra.history);
    return result.saved ? { status: 'saved' } : { status: 'not-saved', reason: result.reason };
  } finally {
    opened.copy.close();
  }
}

/** A whole API answer as sealed in the copy: the answer and when it came. */
interface KeptRecord {
  readonly savedAt: number;
  readonly value: unknown;
}

async function saveRecord(
  place: CopyPlace,
  record: CopyRecord,
  savedAt: number,
  value: unknown,
): Promise<CopySaveResult> {
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return { status: 'not-saved', reason: 'unavailable' };
  try {
    const kept: KeptRecord = { savedAt, value };
    const result =
      record.kind === 'events'
        ? await opened.copy.saveEvents(kept)
        : record.kind === 'categories'
          ? await opened.copy.saveCategories(record.eventId, kept)
          : await opened.copy.saveEventNote(record.eventId, record.kind, kept);
    return result.saved ? { status: 'saved' } : { status: 'not-saved', reason: result.reason };
  } finally {
    opened.copy.close();
  }
}

async function readRecord(place: CopyPlace, record: CopyRecord): Promise<CopyRecordResult> {
  // A read never creates the database: there may be none yet, or it was forgotten this session.
  if (!(await deviceCopyExists())) return { status: 'missing' };
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return { status: 'unavailable' };
  try {
    const found =
      record.kind === 'events'
        ? await opened.copy.readEvents()
        : record.kind === 'categories'
          ? await opened.copy.readCategories(record.eventId)
          : await opened.copy.readEventNote(record.eventId, record.kind);
    if (found.status !== 'ok' || !isKeptRecord(found.value)) return { status: 'missing' };
    return { status: 'ok', value: found.value.value, savedAt: found.value.savedAt };
  } finally {
    opened.copy.close();
  }
}

function isKeptRecord(value: unknown): value is KeptRecord {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { savedAt?: unknown }).savedAt === 'number' &&
    'value' in value
  );
}
