import { ROWS_PER_WORKER_MESSAGE } from '@/lib/main-thread-budget';
import {
  deleteUnusedDeviceCopy,
  deviceCopyExists,
  openDeviceCopy,
  probeDeviceCopy,
  wipeDeviceCopy,
} from './device-store';
import {
  type CopyListResult,
  type CopyPlace,
  type CopyReadResult,
  type CopyRecord,
  type CopyRecordResult,
  type CopySaveResult,
  type DeviceCopyRequest,
  type DeviceCopyResponse,
} from './device-copy-protocol';
import type { PageNumbering } from './device-store';
import type { DeviceRegistration } from './registrations-codec';
import { createCopySearch } from './device-copy-search';

/**
 * The device copy worker's work, apart from the worker itself so it can also run in the page
 * where there is no Worker (tests in jsdom). Requests run one after another, in the order they
 * came: a wipe sent after a save runs after it, and nothing can reopen the copy in between.
 * The copy is opened for each request and closed after it, so a wipe by another tab (which
 * deletes the database) never finds it held open here.
 *
 * Every write (save, wipe, sweep) runs under one Web Lock shared by all the tabs of the
 * origin, so two tabs' workers never interleave their writes: a save in one tab and a wipe
 * ("Forget this device", sign-out) in another run one after the other. Where the browser has
 * no Web Locks, writes run as they come (each tab's own writes are still in order).
 */
export function createDeviceCopyHandler(post: (response: DeviceCopyResponse) => void) {
  /** The slices of each save not yet committed. */
  const pendingRows = new Map<number, DeviceRegistration[]>();
  let queue: Promise<void> = Promise.resolve();
  const search = createCopySearch(post, (job) => {
    queue = queue.then(job).catch(() => undefined);
  });

  const run = async (request: DeviceCopyRequest): Promise<void> => {
    switch (request.type) {
      case 'read': {
        const result = await read(
          request.place,
          request.eventId,
          (rows) => post({ type: 'rows', id: request.id, rows }),
          (rows, dataAsOf) => search.noteRows(request.place, request.eventId, dataAsOf, rows),
        );
        post({ type: 'read', id: request.id, result });
        return;
      }
      case 'list':
        post({ type: 'listed', id: request.id, result: await list(request.place) });
        return;
      case 'save': {
        const rows = pendingRows.get(request.id) ?? [];
        pendingRows.delete(request.id);
        const result = await withWriteLock(() =>
          save(request.place, request.eventId, rows, request.dataAsOf, {
            history: request.history,
            pageNumbering: request.pageNumbering,
          }),
        );
        post({ type: 'saved', id: request.id, result });
        if (result.status === 'saved')
          search.noteRows(request.place, request.eventId, request.dataAsOf, rows);
        return;
      }
      case 'save-record': {
        const result = await withWriteLock(() =>
          saveRecord(request.place, request.record, request.savedAt, request.value),
        );
        post({ type: 'saved', id: request.id, result });
        return;
      }
      case 'read-record':
        post({ type: 'record', id: request.id, result: await readRecord(request.place, request.record) });
        return;
      case 'probe': {
        const { apiKey, address } = request.place;
        post({ type: 'probed', id: request.id, result: await probeDeviceCopy({ apiKey, origin: address }) });
        return;
      }
      case 'wipe': {
        let ok = true;
        try {
          await withWriteLock(wipeDeviceCopy);
        } catch {
          ok = false;
        }
        post({ type: 'wiped', id: request.id, ok });
        return;
      }
      case 'sweep':
        post({ type: 'swept', id: request.id, deleted: await withWriteLock(deleteUnusedDeviceCopy) });
        return;
      case 'save-rows':
      case 'save-drop':
      case 'search':
      case 'search-drop':
        return;
    }
  };

  return (request: DeviceCopyRequest): void => {
    // Slices are kept as they arrive: the save they belong to comes after them.
    if (request.type === 'save-rows') {
      const rows = pendingRows.get(request.id) ?? [];
      for (const row of request.rows) rows.push(row);
      pendingRows.set(request.id, rows);
      return;
    }
    if (request.type === 'save-drop') {
      pendingRows.delete(request.id);
      return;
    }
    if (request.type === 'search') return search.search(request);
    if (request.type === 'search-drop') return search.drop();
    // A wipe forgets the slices of saves still arriving too (their session is over), and the
    // search index at once: no search answers from the wiped rows meanwhile.
    if (request.type === 'wipe') {
      pendingRows.clear();
      search.drop();
    }
    queue = queue.then(() => run(request)).catch(() => post(failureFor(request)));
  };
}

/** The answer to a request whose work threw (it should not: the store answers typed results). */
function failureFor(request: DeviceCopyRequest): DeviceCopyResponse {
  const { id } = request;
  switch (request.type) {
    case 'read':
      return { type: 'read', id, result: { status: 'unavailable' } };
    case 'list':
      return { type: 'listed', id, result: { status: 'unavailable' } };
    case 'wipe':
      return { type: 'wiped', id, ok: false };
    case 'sweep':
      return { type: 'swept', id, deleted: false };
    case 'read-record':
      return { type: 'record', id, result: { status: 'unavailable' } };
    case 'probe':
      return { type: 'probed', id, result: 'no-copy' };
    default:
      return { type: 'saved', id, result: { status: 'not-saved', reason: 'failed' } };
  }
}

/** The Web Lock every tab's writes to the copy take (see createDeviceCopyHandler). */
export const DEVICE_COPY_WRITE_LOCK = 'promoter-dashboard-device-copy';

/** Runs `write` holding the copy's write lock where the browser has Web Locks, else at once. */
function withWriteLock<T>(write: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return write();
  // Called without the Lock the browser passes: `write` may take an optional argument of its own.
  return locks.request(DEVICE_COPY_WRITE_LOCK, () => write());
}

/**
 * The events of the copy for this key and address, without opening any of their records. No
 * database yet (never saved, or forgotten): none, and none is created just to look. Opening
 * with another key or address discards the copy found, as a read would: it is unreadable here.
 */
async function list(place: { apiKey: string; address: string }): Promise<CopyListResult> {
  if (typeof indexedDB === 'undefined') return { status: 'unavailable' };
  if (!(await deviceCopyExists())) return { status: 'ok', events: [] };
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return { status: 'unavailable' };
  try {
    const events = await opened.copy.listEvents();
    return {
      status: 'ok',
      events: events.map(({ eventId, rows, bytes, savedAt, dataAsOf }) => ({
        eventId,
        rows,
        bytes,
        savedAt,
        dataAsOf,
      })),
    };
  } finally {
    opened.copy.close();
  }
}

async function read(
  place: { apiKey: string; address: string },
  eventId: number,
  sendRows: (rows: DeviceRegistration[]) => void,
  indexRows: (rows: readonly DeviceRegistration[], dataAsOf: number) => void,
): Promise<CopyReadResult> {
  if (typeof indexedDB === 'undefined') return { status: 'unavailable' };
  // Nothing saved yet, or forgotten: nothing to read, and no empty database made by looking.
  if (!(await deviceCopyExists())) return { status: 'missing' };
  const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
  if (!opened.ok) return { status: 'unavailable' };
  const { copy } = opened;
  try {
    // Another key, another API, unused for 30 days, another schema: the copy found is gone.
    if (opened.discarded) return { status: 'discarded', reason: opened.discarded };
    const info = (await copy.listEvents()).find((event) => event.eventId === eventId);
    // Without the time the rows are as of, they could not be brought up to date: not usable.
    if (!info || info.rows === null || info.dataAsOf === null) return { status: 'missing' };
    const found = await copy.readRegistrations(eventId);
    if (found.status === 'corrupt') return { status: 'discarded', reason: 'corrupt' };
    if (found.status === 'missing') return { status: 'missing' };
    const rows = found.value;
    const history = await copy.readHistory(eventId);
    indexRows(rows, info.dataAsOf);
    for (let start = 0; start < rows.length; start += ROWS_PER_WORKER_MESSAGE)
      sendRows(rows.slice(start, start + ROWS_PER_WORKER_MESSAGE));
    return {
      status: 'ok',
      rows: rows.length,
      dataAsOf: info.dataAsOf,
      savedAt: info.savedAt,
      history: history.status === 'ok' ? history.value : null,
      pageNumbering: copy.pageNumbering,
    };
  } finally {
    copy.close();
  }
}

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
