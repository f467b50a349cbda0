import { queryOptions, type Query, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { getSession, knownFirstPage, rememberFirstPage } from '@/lib/session';
import { loadChanges, mergeChanges } from './load-changes';
import { loadRegistrations, retryMissing } from './load-registrations';
import type { RegistrationsLoadProgress, RegistrationsLoadResult } from './load-types';
import type { Registration } from './schemas';

export type RegistrationsPhase = 'loading' | 'complete' | 'incomplete' | 'cancelled';

/** The last "Check for changes". */
type RefreshOutcome =
  | { phase: 'loading' }
  | { phase: 'done'; changed: number; added: number }
  | { phase: 'error'; error: unknown };

/** What the registrations query holds: every row loaded so far and what the loader saw. */
export interface RegistrationsData {
  phase: RegistrationsPhase;
  /** Unique by registration_id, in the server's order. */
  rows: readonly Registration[];
  /** The loader's latest report: pages, failures, pagination, warnings. */
  progress: RegistrationsLoadProgress;
  /** The last finished load (complete, incomplete or cancelled): what a retry or refresh continues from. */
  result: RegistrationsLoadResult | null;
  /** When the rows were last fully loaded or refreshed, by this browser's clock: what "as of" shows. */
  loadedAt: Date | null;
  refresh: RefreshOutcome | null;
}

/**
 * 25,000 rows must not mean 250 renders while pages stream in: the cache is written at most
 * this often (the first rows at once, the end at once).
 */
const PUBLISH_INTERVAL_MS = 300;

export const registrationsKey = (eventId: number) => ['registrations', eventId] as const;
type RegistrationsKey = ReturnType<typeof registrationsKey>;

/**
 * Every registration of an event as one React Query query, filled page by page through the
 * cache while the loader runs. One query function continues from whatever the cache holds:
 * - nothing yet: a full load;
 * - a cancelled or incomplete load: only the missing pages ("Resume", "Retry missing pages");
 * - a complete load: only what changed since (`updated_since`), merged by id ("Check for changes").
 * So `refetch()` is every "continue" button, `resetQueries` is "reload everything", and
 * `cancelQueries` is "stop". Leaving the screen cancels a running load (React Query aborts a
 * query whose last observer left), and coming back resumes it. Sign-out's `clear()` drops it.
 */
export function registrationsQuery(eventId: number) {
  return queryOptions({
    queryKey: registrationsKey(eventId),
    queryFn: (context) => fillRegistrations(eventId, context),
    // The data changes only when the promoter asks ("Check for changes"), never behind their back.
    staleTime: Infinity,
    // A load stopped by leaving the screen resumes when the screen comes back.
    refetchOnMount: (query) => (isResumable(query.state.data) ? 'always' : false),
    // The loader retries each page itself (lib/retry-policy); a failed first page is final.
    retry: false,
    // Comparing 100,000 rows with the previous snapshot on every write would cost more than it saves.
    structuralSharing: false,
  });
}

const isResumable = (data: RegistrationsData | undefined) =>
  data?.phase === 'cancelled' || data?.phase === 'loading';

/** The run allowed to write each query: a reset or a new fetch makes older runs' late writes no-ops. */
const currentRun = new WeakMap<Query, object>();

async function fillRegistrations(
  eventId: number,
  { client, queryKey, signal }: QueryFunctionContext<RegistrationsKey>,
): Promise<RegistrationsData> {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  const run = {};
  if (query) currentRun.set(query, run);
  // After sign-out (the query left the cache) or a newer run, nothing may be written back.
  const write = (data: RegistrationsData) => {
    if (query && cache.find({ queryKey, exact: true }) === query && currentRun.get(query) === run) {
      client.setQueryData(queryKey, data);
    }
  };
  const previous = client.getQueryData<RegistrationsData>(queryKey);

  if (previous?.phase === 'complete' && previous.result?.serverDate) {
    return refreshRegistrations(eventId, previous, previous.result, signal, write);
  }

  const publish = progressPublisher(previous, write);
  const baseUrl = getSession()?.baseUrl;
  const options = { signal, onProgress: publish.progress };
  try {
    const result =
      previous?.result && (previous.phase === 'cancelled' || previous.phase === 'incomplete')
        ? await retryMissing(previous.result, options)
        : await loadRegistrations({
            eventId,
            ...options,
            ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
          });
    const guessed = result.warnings.some((warning) => warning.code === 'first-page-guessed');
    if (baseUrl !== undefined && result.pagination && !guessed)
      rememberFirstPage(baseUrl, result.pagination.firstPage);
    const data: RegistrationsData = {
      phase: result.status,
      rows: result.rows,
      progress: result,
      result,
      loadedAt: result.status === 'complete' ? new Date() : (previous?.loadedAt ?? null),
      refresh: null,
    };
    write(data);
    return data;
  } finally {
    publish.stop();
  }
}

async function refreshRegistrations(
  eventId: number,
  previous: RegistrationsData,
  last: RegistrationsLoadResult,
  signal: AbortSignal,
  write: (data: RegistrationsData) => void,
): Promise<RegistrationsData> {
  write({ ...previous, refresh: { phase: 'loading' } });
  const baseUrl = getSession()?.baseUrl;
  try {
    const changes = await loadChanges({
      eventId,
      since: last.serverDate!,
      signal,
      ...(baseUrl !== undefined && { firstPage: knownFirstPage(baseUrl) }),
    });
    let data: RegistrationsData;
    if (changes.status === 'cancelled') data = { ...previous, refresh: null };
    else if (changes.status !== 'complete') {
      data = { ...previous, refresh: { phase: 'error', error: null } };
    } else {
      const merged = mergeChanges(previous.rows, changes.rows);
      const result = {
        ...last,
        rows: merged.rows,
        loaded: merged.rows.length,
        serverDate: changes.serverDate,
      };
      data = {
        ...previous,
        rows: merged.rows,
        result,
        progress: result,
        loadedAt: new Date(),
        refresh: { phase: 'done', changed: merged.changed, added: merged.added },
      };
    }
    write(data);
    return data;
  } catch (error) {
    // The rows already loaded stay; only the refresh failed.
    const data: RegistrationsData = { ...previous, refresh: { phase: 'error', error } };
    write(data);
    return data;
  }
}

/** Writes the loader's progress to the cache, at most every PUBLISH_INTERVAL_MS, the first rows at once. */
function progressPublisher(
  previous: RegistrationsData | undefined,
  write: (data: RegistrationsData) => void,
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
      progress,
      result: previous?.result ?? null,
      loadedAt: previous?.loadedAt ?? null,
      refresh: null,
    });
  };
  return {
    progress: (progress: RegistrationsLoadProgress) => {
      if (progress.status !== 'loading') return; // the end is written by the query function
      if (pending) clearTimeout(pending);
      pending = null;
      const firstRows = shownRows === 0 && progress.rows.length > 0;
      const wait = PUBLISH_INTERVAL_MS - (performance.now() - last);
      if (firstRows || wait <= 0) publish(progress);
      else pending = setTimeout(() => publish(progress), wait);
    },
    stop: () => {
      if (pending) clearTimeout(pending);
    },
  };
}

/**
 * Resolves with the phase once no load of this event is running (at once when none is), for
 * an export that must not write a partial list. Rejects when `signal` aborts.
 */
export function settledRegistrations(
  client: QueryClient,
  eventId: number,
  signal: AbortSignal,
): Promise<RegistrationsPhase | null> {
  const queryKey = registrationsKey(eventId);
  return new Promise((resolve, reject) => {
    const check = () => {
      const query = client.getQueryCache().find<RegistrationsData>({ queryKey, exact: true });
      if (signal.aborted) {
        unsubscribe();
        reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      } else if (query?.state.fetchStatus !== 'fetching') {
        unsubscribe();
        resolve(query?.state.data?.phase ?? null);
      }
    };
    const unsubscribe = client.getQueryCache().subscribe(check);
    signal.addEventListener('abort', check, { once: true });
    check();
  });
}
