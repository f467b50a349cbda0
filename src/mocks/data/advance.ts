import { EVENT_SPECS } from './catalog';
import { demoDaysAdvanced, demoNow } from './clock';
import { advanceOneDay } from './dataset';
import { CHANGE_KINDS, noChanges, type DayChanges, type DayStep } from './day-step';

/** What some days changed in one event: registration ids by kind, each list ascending. */
export interface DemoEventChanges extends DayChanges {
  eventId: number;
}

/** What advanceDemoDays() did. */
export interface DemoAdvance {
  /** Days moved by this call. */
  days: number;
  /** Days advanced since the last reset, this call included (the last day's number). */
  daysAdvanced: number;
  /** The demo clock after the call, ISO. */
  now: string;
  /** The days of this call: their number and the updated_at their changes carry. */
  steps: DayStep[];
  /**
   * Changes per event over the call's days, by ascending event id: every event named in
   * `eventIds`; without `eventIds`, every event whose registrations were already generated
   * (the others apply the same days when first generated). An id is listed under every
   * kind it went through, except that a row deleted during the call is only under `deleted`.
   */
  events: DemoEventChanges[];
}

export interface AdvanceOptions {
  /** Only these events change (default: every event of the dataset); the clock moves anyway. */
  eventIds?: readonly number[];
}

/** More than a year at once is surely a mistake (and each day walks every loaded list). */
export const MAX_ADVANCE_DAYS = 366;

/**
 * Moves the demo API `days` days forward (default 1): the clock (`Date` header, updated_at
 * of the day's changes) and the registrations (new sign-ups, payments, refunds,
 * cancellations, category moves, answer edits, deletions; see day-step.ts). Deterministic:
 * after a reset, the same calls give the same changes (only the timestamps follow the
 * machine's clock). Undone by resetDemoData().
 */
export function advanceDemoDays(days = 1, options: AdvanceOptions = {}): DemoAdvance {
  if (!Number.isInteger(days) || days < 1 || days > MAX_ADVANCE_DAYS) {
    throw new RangeError(`days must be an integer from 1 to ${MAX_ADVANCE_DAYS}, got ${days}.`);
  }
  const known = new Set(EVENT_SPECS.map((spec) => spec.id));
  const named = options.eventIds ? new Set(options.eventIds.filter((id) => known.has(id))) : null;
  const steps: DayStep[] = [];
  const perEvent = new Map<number, DayChanges[]>();
  for (let i = 0; i < days; i++) {
    const { step, changes } = advanceOneDay(named, named ?? new Set());
    steps.push(step);
    for (const [eventId, changed] of changes) {
      perEvent.set(eventId, [...(perEvent.get(eventId) ?? []), changed]);
    }
  }
  const events = [...perEvent.entries()]
    .sort(([a], [b]) => a - b)
    .map(([eventId, list]) => ({ eventId, ...mergeDays(list) }));
  return { days, daysAdvanced: demoDaysAdvanced(), now: demoNow().toISOString(), steps, events };
}

function mergeDays(days: readonly DayChanges[]): DayChanges {
  const merged = noChanges();
  for (const kind of CHANGE_KINDS) merged[kind] = days.flatMap((day) => day[kind]);
  const deleted = new Set(merged.deleted);
  for (const kind of CHANGE_KINDS) {
    const ids = kind === 'deleted' ? merged[kind] : merged[kind].filter((id) => !deleted.has(id));
    merged[kind] = [...new Set(ids)].sort((a, b) => a - b);
  }
  return merged;
}
