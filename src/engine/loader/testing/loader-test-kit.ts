import { DEMO_KEYS } from '@/mocks/data/demo-keys';
import { startSession } from '@/lib/session';
import type { RegistrationsLoadProgress, Sleep } from '../load-types';
import { TEST_ORIGIN } from './paged-api';

/** Signs in against the test origin (the global msw server answers there). */
export function signInForTests(): void {
  startSession({ baseUrl: TEST_ORIGIN, apiKey: DEMO_KEYS.alpine, demo: false });
}

/** A sleep that returns at once and remembers what it was asked to wait. */
export function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

/** Collects progress snapshots. */
export function progressLog(): {
  onProgress: (progress: RegistrationsLoadProgress) => void;
  snapshots: RegistrationsLoadProgress[];
} {
  const snapshots: RegistrationsLoadProgress[] = [];
  return { snapshots, onProgress: (progress) => snapshots.push(progress) };
}

export function ids(rows: readonly { registration_id: number }[]): number[] {
  return rows.map((row) => row.registration_id);
}

export function oneTo(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** The pages (1-based) that rows 1..n served `perPage` at a time came from. */
export function pagesOf(rows: readonly { registration_id: number }[], perPage: number): number[] {
  return [...new Set(rows.map((row) => Math.ceil(row.registration_id / perPage)))].sort((a, b) => a - b);
}
