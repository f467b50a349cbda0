import { EVENT_SPECS } from './catalog';
import { parseIsoDate, todayUtc } from './dates';
import { buildEventRecord, type EventRecord } from './event-records';
import type { PromoterId } from './demo-keys';
import { generateRegistrations } from './registrations';
import { applyTouch, type TouchRecord } from './touch';
import type { RawRegistration } from './types';

/** The demo data for one reference date. Events are built eagerly (a dozen); registrations
 * lazily, on first request, because the large event alone has 25,000 of them. */
export interface DemoDataset {
  readonly today: string;
  eventsOf(promoter: PromoterId): EventRecord[];
  findEvent(eventId: number): EventRecord | undefined;
  /** Sorted by registration_id. The array is the live cache: do not mutate it. */
  registrationsOf(eventId: number): RawRegistration[];
}

// Module-level state, shared by every handler set in the process (tests, dev server),
// so that touchRegistrations() is visible to whichever handlers answer next.
const datasets = new Map<string, DemoDatasetImpl>();
const touchLog: TouchRecord[] = [];

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
    const list = record ? generateRegistrations(record, this.today) : [];
    // Replay earlier touches so a lazily generated list matches already generated ones.
    for (const touch of touchLog) if (touch.eventId === eventId) applyTouch(list, touch);
    this.registrations.set(eventId, list);
    return list;
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
 * `now` should be later than the dataset's reference date (all base timestamps are older).
 */
export function touchRegistrations(eventId: number, count: number, now: Date | string): number[] {
  const at = typeof now === 'string' ? new Date(now).toISOString() : now.toISOString();
  const touch: TouchRecord = { eventId, count, at };
  touchLog.push(touch);
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
  const list = generateRegistrations(record, dataset.today);
  for (const touch of touchLog.slice(0, -1)) if (touch.eventId === eventId) applyTouch(list, touch);
  return list;
}

/** Forgets every touch and cached list: call between tests that use touchRegistrations(). */
export function resetDemoData(): void {
  touchLog.length = 0;
  datasets.clear();
}
