import { DAY_MS } from './dates';

/**
 * The demo clock: the machine's clock moved forward by the days advanced so far
 * (advanceDemoDays()). Every `Date` response header and every updated_at written by a day
 * step follow it, so a client that takes its next updated_since from the `Date` header sees
 * a day's changes exactly once. Not advanced (the default), it is the machine's clock.
 * Module-level, like the dataset cache: shared by every handler set in the process.
 */
let daysAdvanced = 0;
/** The latest updated_at written by a day step or a touch, in ms (-Infinity: none). */
let lastStampMs = Number.NEGATIVE_INFINITY;

/** Now, on the demo clock. */
export function demoNow(): Date {
  return new Date(Date.now() + daysAdvanced * DAY_MS);
}

/** Days the clock has been advanced since the last reset; also the last day step's number. */
export function demoDaysAdvanced(): number {
  return daysAdvanced;
}

/**
 * Moves the clock one day forward and returns the timestamp of that day's changes: the new
 * demo now, or just after the latest stamp already written (or `notBeforeMs`), whichever is
 * later, so each day's changes are strictly after every earlier one.
 */
export function advanceClockOneDay(notBeforeMs: number): { day: number; at: string } {
  daysAdvanced += 1;
  const ms = Math.max(demoNow().getTime(), lastStampMs + 1, notBeforeMs);
  lastStampMs = ms;
  return { day: daysAdvanced, at: new Date(ms).toISOString() };
}

/** Records a timestamp written outside a day step (touchRegistrations), for later stamps. */
export function noteStamp(iso: string): void {
  const ms = Date.parse(iso);
  if (ms > lastStampMs) lastStampMs = ms;
}

export function resetDemoClock(): void {
  daysAdvanced = 0;
  lastStampMs = Number.NEGATIVE_INFINITY;
}
