import { EVENT_SPECS } from './catalog';
import { advanceClockOneDay, noteStamp, resetDemoClock } from './clock';
import { parseIsoDate, todayUtc } from './dates';
import { applyDayStep, type DayChanges, type DayStep } from './day-step';
import { buildEventRecord, type EventRecord } from './event-records';
import type { PromoterId } from './demo-keys';
import { generateRegistrations } from './registrations';
import { applyTouch, type TouchRecord } from './touch';
import type { RawRegistration } from './types';

/** The demo data for one reference date. Events are built eagerly (a few dozen); registrations
 * lazily, on first request, because the large events alone have 25,000 to 100,000 each. */
export interface DemoDataset {
  readonly today: string;
  eventsOf(promoter: PromoterId): EventRecord[];
  findEvent(eventId: number): EventRecord | undefined;
  /** Sorted by registration_id. The array is the live cache: do not mutate it. */
  registrationsOf(eventId: number): RawRegistration[];
}

/** A change to the registrations, replayed in order on every list generated later. */
type ChangeRecord =
  | { kind: 'touch'; touch: TouchRecord }
  /** A day step, for every event (eventIds null) or only some. */
  | { kind: 'day'; step: DayStep; eventIds: ReadonlySet<number> | null };

// Module-level state, shared by every handler set in the process (tests, dev server), so
// that touchRegistrations() and advanced days are visible to whichever handlers answer next.
const datasets = new Map<string, DemoDatasetImpl>();
const changeLog: ChangeRecord[] = [];

/** Applies the first `count` logged changes that concern this event to a fresh list. */
function replay(list: RawRegistration[], record: EventRecord, count = changeLog.length): void {
  const eventId = record.spec.id;
  for (const change of changeLog.slice(0, count)) {
    if (change.kind === 'touch') {
      if (change.touch.eventId === eventId) applyTouch(list, change.touch);
    } else if (change.eventIds === null || change.eventIds.has(eventId)) {
      applyDayStep(list, record, change.step);
    }
  }
}

class DemoDatasetImpl implements DemoDataset {
  readonly records: EventRecord[];
  readonly registrations = new Map<number, RawRegistration[]>();

  constructor(readonly today: string) {
    this.records = EVENT_SPECS.map((spec, index) => buildEventRecord(spec, index, today));
  }

  eventsOf(promoter: PromoterId): EventRecord[] {
    return this.records.filter((record) => record.spec.promoter === promoter);
  }

  findEvent(eventId: number): EventRecord | undefined {
    return this.records.find((record) => record.spec.id === eventId);
  }

  registrationsOf(eventId: number): RawRegistration[] {
    const cached = this.registrations.get(eventId);
    if (cached) return cached;
    const record = this.findEvent(eventId);
    const list = record ? this.generate(record) : [];
    // Replay earlier changes so a lazily generated list matches already generated ones.
    if (record) replay(list, record);
    this.registrations.set(eventId, list);
    return list;
  }

  /**
   * An event's rows as generated, before any change: an earlier edition first generates the
   * next one's (as generated too, so days advanced on it change nothing here).
   */
  generate(record: EventRecord): RawRegistration[] {
    const next = record.spec.nextEdition && this.findEvent(record.spec.nextEdition.eventId);
    return generateRegistrations(record, this.today, next ? generateRegistrations(next, this.today) : []);
  }
}

/** The dataset for a reference date (YYYY-MM-DD, default: today in UTC), cached. */
export function getDemoDataset(today: string = todayUtc()): DemoDataset {
  if (parseIsoDate(today) === null) throw new Error(`Invalid reference date: ${today}`);
  let dataset = datasets.get(today);
  if (!dataset) {
    dataset = new DemoDatasetImpl(today);
    datasets.set(today, dataset);
  }
  return dataset;
}

/**
 * Test hook for "refresh" flows: marks `count` registrations of an event as changed at
 * `now` (pending -> paid first), so `updated_since` just before `now` returns only them.
 * Applies to every reference date's dataset. Returns the touched registration ids.
 * `now` should be later than the dataset's reference date (all base timestamps are older)
 * and, once days are advanced, than the demo clock's last day: pass `demoNow()` plus a bit.
 */
export function touchRegistrations(eventId: number, count: number, now: Date | string): number[] {
  const at = typeof now === 'string' ? new Date(now).toISOString() : now.toISOString();
  const touch: TouchRecord = { eventId, count, at };
  changeLog.push({ kind: 'touch', touch });
  noteStamp(at);
  let touched: number[] = [];
  for (const dataset of datasets.values()) {
    const list = dataset.registrations.get(eventId);
    if (list) touched = applyTouch(list, touch);
  }
  if (touched.length === 0 && count > 0) {
    // Nothing generated yet: ids do not depend on the reference date, so any dataset tells.
    touched = applyTouch(generateForIds(eventId), touch);
  }
  return touched;
}

function generateForIds(eventId: number): RawRegistration[] {
  const dataset = new DemoDatasetImpl(todayUtc());
  const record = dataset.findEvent(eventId);
  if (!record) return [];
  const list = dataset.generate(record);
  replay(list, record, changeLog.length - 1);
  return list;
}

/**
 * Moves the demo clock one day and applies that day to the registrations of `eventIds`
 * (null: every event): at once to every list already generated, later to lists generated
 * afterwards (replayed from the log). Events in `load` are generated first if no dataset has
 * them yet. Returns the changes of each event that has a generated list, by event id.
 */
export function advanceOneDay(
  eventIds: ReadonlySet<number> | null,
  load: ReadonlySet<number>,
): { step: DayStep; changes: Map<number, DayChanges> } {
  for (const eventId of load) {
    const loaded = [...datasets.values()].some((dataset) => dataset.registrations.has(eventId));
    if (!loaded) ([...datasets.values()][0] ?? getDemoDataset()).registrationsOf(eventId);
  }
  // Generated rows are all dated before their dataset's reference date: stay after them.
  const notBefore = Math.max(...[...datasets.keys()].map((today) => parseIsoDate(today) ?? 0));
  const step = advanceClockOneDay(notBefore);
  changeLog.push({ kind: 'day', step, eventIds });
  const changes = new Map<number, DayChanges>();
  for (const dataset of datasets.values()) {
    for (const [eventId, list] of dataset.registrations) {
      const record = dataset.findEvent(eventId);
      if (!record || (eventIds !== null && !eventIds.has(eventId))) continue;
      // Lists of the same event are equal but for their dates, so their changes are too.
      const changed = applyDayStep(list, record, step);
      if (!changes.has(eventId)) changes.set(eventId, changed);
    }
  }
  return { step, changes };
}

/**
 * Forgets every touch, advanced day and cached list, and puts the demo clock back on the
 * machine's: call between tests that use touchRegistrations() or advanceDemoDays().
 */
export function resetDemoData(): void {
  changeLog.length = 0;
  datasets.clear();
  resetDemoClock();
}
