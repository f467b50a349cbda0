import type { Registration } from '@/engine/api/registration-schemas';
import type { CopyPlace } from '@/engine/copy/device-copy-protocol';
import type { RegistrationHistory } from '@/engine/history/registration-history';
import type { LoadReport, StoppedLoad } from '@/engine/loader/load-types';

/**
 * The lists of registrations the engine holds for the screens, one per event: the rows a
 * screen shows, as the engine loaded, checked or reopened them. The page receives them once to
 * draw them; the figures are computed on these, so the rows never travel back.
 *
 * Each change of the rows gets a new version, and the page's copy of the list says which
 * version it is: a computation asked for one version uses exactly those rows, or answers that
 * it does not hold them. The last few versions stay (a load moves on while the page computes on
 * the rows it shows).
 */
export interface HeldList {
  readonly eventId: number;
  /** Whose list it is: another session never reads it. */
  readonly owner: string;
  rows: readonly Registration[];
  version: number;
  /** What the last load, check or reopening saw (the watermark of the next check included). */
  report: LoadReport | null;
  /** The list's history ("what changed"), once it was complete. */
  history: RegistrationHistory | null;
  /** A load stopped or left incomplete: what "Resume" and "Retry missing pages" continue. */
  stopped: StoppedLoad | null;
  /** The last complete list and its history: a reload from scratch is compared with it. */
  lastComplete: { readonly rows: readonly Registration[]; readonly history: RegistrationHistory } | null;
  /** The latest call working on the list: an older one, still settling, writes nothing. */
  run: number;
}

/** The versions kept per event besides the latest. */
const RECENT_VERSIONS = 8;

export const ownerOf = (place: CopyPlace): string => JSON.stringify([place.apiKey, place.address]);

export class EventLists {
  private readonly lists = new Map<number, HeldList>();
  private readonly recent = new Map<number, Map<number, readonly Registration[]>>();
  private nextVersion = 1;
  private nextRun = 1;

  /** The event's list for `place`, made empty when there is none (or another session's). */
  take(place: CopyPlace, eventId: number): HeldList {
    const owner = ownerOf(place);
    const held = this.lists.get(eventId);
    if (held && held.owner === owner) return held;
    this.forget(eventId);
    const fresh: HeldList = {
      eventId,
      owner,
      rows: [],
      version: 0,
      report: null,
      history: null,
      stopped: null,
      lastComplete: null,
      run: 0,
    };
    this.lists.set(eventId, fresh);
    return fresh;
  }

  /** The event's list for `place` if the engine holds it at `version`, else null. */
  at(place: CopyPlace, eventId: number, version: number): HeldList | null {
    const held = this.lists.get(eventId);
    return held && held.owner === ownerOf(place) && held.version === version ? held : null;
  }

  /** Starts a call on the list: the token `isLatest` checks. */
  startRun(list: HeldList): number {
    list.run = this.nextRun++;
    return list.run;
  }

  isLatest(list: HeldList, run: number): boolean {
    return this.lists.get(list.eventId) === list && list.run === run;
  }

  /** Sets the list's rows; returns their version. */
  setRows(list: HeldList, rows: readonly Registration[]): number {
    if (rows === list.rows && list.version !== 0) return list.version;
    list.rows = rows;
    list.version = this.nextVersion++;
    let versions = this.recent.get(list.eventId);
    if (!versions) this.recent.set(list.eventId, (versions = new Map<number, readonly Registration[]>()));
    versions.set(list.version, rows);
    for (const old of versions.keys()) {
      if (versions.size <= RECENT_VERSIONS) break;
      versions.delete(old);
    }
    return list.version;
  }

  /** The rows of an event at `version`, if still held. */
  rowsAt(eventId: number, version: number): readonly Registration[] | null {
    return this.recent.get(eventId)?.get(version) ?? null;
  }

  /**
   * One registration of the event's list at `version`, whole (the page holds its documented
   * fields only: pageRegistration), if the engine still holds that version for `place`.
   */
  registrationAt(
    place: CopyPlace,
    eventId: number,
    version: number,
    registrationId: number,
  ): Registration | null {
    if (this.lists.get(eventId)?.owner !== ownerOf(place)) return null;
    const rows = this.rowsAt(eventId, version);
    return rows?.find((row) => row.registration_id === registrationId) ?? null;
  }

  /** Drops an event's list, or every list (null: the session ended). */
  forget(eventId: number | null): void {
    if (eventId === null) {
      this.lists.clear();
      this.recent.clear();
    } else {
      this.lists.delete(eventId);
      this.recent.delete(eventId);
    }
  }
}
