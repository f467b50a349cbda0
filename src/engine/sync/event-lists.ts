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
 * the rows it shows). A version may be named before its rows are in (a list reopened from the
 * device is decoded after the page was answered): what asks for its rows waits for them.
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

/** A version's rows, or their arrival (null: they never came). */
type RowsAt = readonly Registration[] | Promise<readonly Registration[] | null>;

/** The versions kept per event besides the latest. */
const RECENT_VERSIONS = 8;

export const ownerOf = (place: CopyPlace): string => JSON.stringify([place.apiKey, place.address]);

export class EventLists {
  private readonly lists = new Map<number, HeldList>();
  private readonly recent = new Map<number, Map<number, RowsAt>>();
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
    this.remember(list.eventId, list.version, rows);
    return list.version;
  }

  /**
   * Gives the list a version now whose rows are `arriving`: the caller sets them with `fill` once
   * they are in (null: they never came, and the version has no rows). Until then `list.rows`
   * are not those of its version: only a call in turn after the one that fills them reads them.
   */
  reserve(list: HeldList, arriving: Promise<readonly Registration[] | null>): number {
    list.version = this.nextVersion++;
    this.remember(list.eventId, list.version, arriving);
    return list.version;
  }

  /**
   * The rows of a version `reserve` named, now in: true when the list is still at it. Null (they
   * never came) forgets the list if it is still at that version: nothing can be computed on it.
   */
  fill(list: HeldList, version: number, rows: readonly Registration[] | null): boolean {
    const current = this.lists.get(list.eventId) === list && list.version === version;
    if (!rows) {
      if (current) this.forget(list.eventId);
      return false;
    }
    const versions = this.recent.get(list.eventId);
    if (versions?.has(version)) versions.set(version, rows);
    if (current) list.rows = rows;
    return current;
  }

  /** The rows of an event at `version`, if still held once they are in (a wipe may come between). */
  async rowsAt(eventId: number, version: number): Promise<readonly Registration[] | null> {
    const rows = await this.recent.get(eventId)?.get(version);
    return rows && this.recent.get(eventId)?.has(version) ? rows : null;
  }

  /** Once the rows of the version the event's list is at are in (at once for most). */
  async settled(eventId: number): Promise<void> {
    const held = this.lists.get(eventId);
    if (held) await this.recent.get(eventId)?.get(held.version);
  }

  private remember(eventId: number, version: number, rows: RowsAt): void {
    let versions = this.recent.get(eventId);
    if (!versions) this.recent.set(eventId, (versions = new Map<number, RowsAt>()));
    versions.set(version, rows);
    for (const old of versions.keys()) {
      if (versions.size <= RECENT_VERSIONS) break;
      versions.delete(old);
    }
  }

  /**
   * One registration of the event's list at `version`, whole (the page holds its documented
   * fields only: pageRegistration), if the engine still holds that version for `place`.
   */
  async registrationAt(
    place: CopyPlace,
    eventId: number,
    version: number,
    registrationId: number,
  ): Promise<Registration | null> {
    const owned = () => this.lists.get(eventId)?.owner === ownerOf(place);
    if (!owned()) return null;
    const rows = await this.rowsAt(eventId, version);
    if (!owned()) return null;
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
