import type { RegistrationsLoadProgress } from '@/engine/loader/load-types';
import { reportOf, type RegistrationsData } from './registrations-data';

/**
 * 25,000 rows must not mean 250 renders while pages stream in: the cache is written at most
 * this often (the first rows at once, the end at once).
 */
export const PUBLISH_INTERVAL_MS = 300;
/** The same for a list no screen shows (the background sync): the events list counts only its end. */
const UNSHOWN_PUBLISH_INTERVAL_MS = 5_000;

/**
 * Writes the loader's progress to the cache, the first rows at once, then at most every
 * PUBLISH_INTERVAL_MS while a screen shows the list (`shown`), every
 * UNSHOWN_PUBLISH_INTERVAL_MS while none does (the background sync): each write costs the page
 * a cache notification and its subscribers' work, for nobody to see.
 */
export function progressPublisher(
  previous: RegistrationsData | undefined,
  write: (data: RegistrationsData) => void,
  shown: () => boolean,
) {
  let last = 0;
  let pending: ReturnType<typeof setTimeout> | null = null;
  let shownRows = previous?.rows.length ?? 0;
  const publish = (progress: RegistrationsLoadProgress) => {
    last = performance.now();
    shownRows = progress.rows.length;
    write({
      phase: 'loading',
      rows: progress.rows,
      report: reportOf(progress),
      loadedAt: previous?.loadedAt ?? null,
      refresh: null,
      history: null,
      // A run in progress is continued from what it ends with, never from a snapshot.
      continueFrom: null,
    });
  };
  return {
    progress: (progress: RegistrationsLoadProgress) => {
      if (progress.status !== 'loading') return; // the end is written by the query function
      if (pending) clearTimeout(pending);
      pending = null;
      const firstRows = shownRows === 0 && progress.rows.length > 0;
      const interval = shown() ? PUBLISH_INTERVAL_MS : UNSHOWN_PUBLISH_INTERVAL_MS;
      const wait = interval - (performance.now() - last);
      if (firstRows || wait <= 0) publish(progress);
      else pending = setTimeout(() => publish(progress), wait);
    },
    stop: () => {
      if (pending) clearTimeout(pending);
    },
  };
}
