import { hearOtherTabs } from './device-copy-channel';
import type { CopyPlace } from './device-copy-protocol';
import { deviceCopyExists } from './device-store';
import { openDeviceCopy } from './open-device-copy';
import type { DeviceRegistration } from './registrations-codec';
import { SearchIndex } from './search-index';
import { indexEvent } from './search-indexed-event';
import type { SearchAnswer } from './search-protocol';

/**
 * The search across events, kept by the engine beside the device copy (device-copy-handler.ts).
 * Why here: the copy holds the key and sees every list decrypted when it is saved or read, so
 * the rows never cross the page again, and nothing else keeps a second full copy of them; the
 * index (one packed string per event, see search-index.ts) is all it adds.
 *
 * - Built lazily: the first search reads each event the copy holds, one queued job per event
 *   (so a save or a wipe waits for one event at most), and tells the page after each
 *   (`changed`), which searches again: results grow while the copy is read.
 * - Kept fresh: an event saved or read in this tab is indexed again from the rows at hand; one
 *   saved by another tab (the `saved` message on the tabs' channel) is read again.
 * - Dropped with the copy: a wipe (sign-out, 401, "Forget this device"), another tab's
 *   "Forget this device", the end of the page's session, or another key or address.
 *
 * Searches do not queue behind saves: they read the index as it is. Each search is answered in
 * a later task than the one it arrived in, and only the newest of those that arrived meanwhile
 * is searched: the ones it replaces are answered null.
 */
export function createCopySearch(changed: () => void, enqueue: (job: () => Promise<void>) => void) {
  const index = new SearchIndex();
  /** The copy the index belongs to (key and address), null while there is none. */
  let owner: string | null = null;
  let place: CopyPlace | null = null;
  /** Moves on at every drop: jobs of an earlier index never write into a later one. */
  let generation = 0;
  /** Events still to read into the index (plus one while the copy is being listed). */
  let reading = 0;
  let waiting: {
    readonly query: string;
    readonly limit: number;
    readonly order: readonly number[];
    readonly settle: (answer: SearchAnswer | null) => void;
  } | null = null;
  const pause = () => new Promise<void>((resolve) => setTimeout(resolve));

  const drop = () => {
    generation += 1;
    owner = null;
    place = null;
    reading = 0;
    index.clear();
    changed();
  };

  /** Indexes an event's rows for the index of generation `at` (nothing if it was dropped since). */
  const put = async (at: number, eventId: number, version: number, rows: readonly DeviceRegistration[]) => {
    if (at !== generation) return;
    const entries = await indexEvent(eventId, version, rows, pause);
    if (at !== generation) return;
    index.set(entries);
    changed();
  };

  /** Reads one event from the copy into the index (a queued job). */
  const readEvent = (eventId: number, at: number) =>
    enqueue(async () => {
      try {
        if (at !== generation || !place) return;
        const opened = await openDeviceCopy({ apiKey: place.apiKey, origin: place.address });
        if (!opened.ok) return;
        try {
          const info = (await opened.copy.listEvents()).find((event) => event.eventId === eventId);
          if (!info || info.rows === null || info.dataAsOf === null) return;
          if (index.versionOf(eventId) === info.dataAsOf) return;
          const found = await opened.copy.readRegistrations(eventId);
          if (found.status === 'ok') await put(at, eventId, info.dataAsOf, found.value);
        } finally {
          opened.copy.close();
        }
      } finally {
        if (at === generation) {
          reading = Math.max(0, reading - 1);
          if (reading === 0) changed();
        }
      }
    });

  /** Starts reading the whole copy into a new index for this place. */
  const build = (next: CopyPlace) => {
    owner = `${next.address}\n${next.apiKey}`;
    place = next;
    const at = generation;
    reading = 1;
    enqueue(async () => {
      let ids: number[] = [];
      try {
        if (at !== generation || typeof indexedDB === 'undefined' || !(await deviceCopyExists())) return;
        const opened = await openDeviceCopy({ apiKey: next.apiKey, origin: next.address });
        if (!opened.ok || opened.discarded) return;
        try {
          ids = (await opened.copy.listEvents())
            .filter((event) => event.rows !== null && event.dataAsOf !== null)
            .map((event) => event.eventId);
        } finally {
          opened.copy.close();
        }
      } finally {
        if (at === generation) {
          reading += ids.length - 1;
          for (const eventId of ids) readEvent(eventId, at);
          if (reading === 0) changed();
        }
      }
    });
  };

  const answer = () => {
    const request = waiting;
    waiting = null;
    if (!request) return;
    const found = index.search(request.query, request.limit, request.order);
    request.settle({ ...found, building: reading > 0 });
  };

  const ownedBy = (candidate: CopyPlace) => owner === `${candidate.address}\n${candidate.apiKey}`;

  hearOtherTabs((message) => {
    if (message.type === 'forgotten') {
      if (owner !== null) drop();
    } else if (owner !== null && index.versionOf(message.eventId) !== message.dataAsOf) {
      reading += 1;
      readEvent(message.eventId, generation);
    }
  });

  return {
    search(request: {
      place: CopyPlace;
      query: string;
      limit: number;
      order: readonly number[];
    }): Promise<SearchAnswer | null> {
      if (!ownedBy(request.place)) {
        if (owner !== null) drop();
        build(request.place);
      }
      // Answered in a later task: searches that arrive meanwhile replace this one.
      if (waiting) waiting.settle(null);
      else setTimeout(answer);
      return new Promise((settle) => (waiting = { ...request, settle }));
    },
    /** The rows of an event just saved or read for `at`: indexed again if the index is kept. */
    noteRows(at: CopyPlace, eventId: number, dataAsOf: number, rows: readonly DeviceRegistration[]): void {
      if (!ownedBy(at) || index.versionOf(eventId) === dataAsOf) return;
      void put(generation, eventId, dataAsOf, rows);
    },
    drop(): void {
      if (owner !== null || index.eventIds().length > 0) drop();
    },
  };
}
