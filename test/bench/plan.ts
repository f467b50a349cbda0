/** What the benchmark measures, and against what. */
import type { Servers } from './serve';

export const LATENCY_MS = 150;
export const MAX_PER_PAGE = 100;
/** Browsers open about 6 connections per origin (HTTP/1.1). */
export const POOL_SIZE = 6;
export const EVENT_ID = 1001;
export const REGISTRATIONS = 25_000;
/** Letters absent from the fields every row has (example.com, ORD-…), so each one narrows the list. */
export const SEARCH_LETTERS = ['z', 'k', 'w', 'j', 'y'] as const;
export const SORT_CLICKS = 6;
export const EXPORTS = 3;

export const TARGETS = {
  searchMs: 50,
  sortMs: 80,
  exportMs: 300,
  exportLongestTaskMs: 100,
  /** Full load at most this times the ideal. */
  loadRatio: 1.3,
  initialGzipBytes: 150_000,
};

export interface Setup {
  id: 'proxy' | 'cors' | 'cors-rtt';
  label: string;
  /** Round trips each page costs: 2 when every preflight pays the latency too. */
  roundTripsPerPage: 1 | 2;
  baseUrl: (servers: Servers) => string;
}

export const SETUPS: readonly Setup[] = [
  { id: 'proxy', label: 'same-origin proxy', roundTripsPerPage: 1, baseUrl: () => '/partner-api' },
  {
    id: 'cors',
    label: 'direct CORS (mock answers preflights at once)',
    roundTripsPerPage: 1,
    baseUrl: (servers) => servers.api.url,
  },
  {
    id: 'cors-rtt',
    label: `direct CORS, preflights cost ${LATENCY_MS} ms too`,
    roundTripsPerPage: 2,
    baseUrl: (servers) => servers.slowPreflightUrl,
  },
];

export const PAGES = Math.ceil(REGISTRATIONS / MAX_PER_PAGE);
/** ⌈pages / pool⌉ × latency: every page once, six at a time. */
export const IDEAL_ROUNDS = Math.ceil(PAGES / POOL_SIZE);
/**
 * The loader's own floor: pages 1 and 0 together first (one round trip discovers the numbering
 * and the real page size), then pages 2…250 plus the empty page 251 that proves the end.
 */
export const LOADER_ROUNDS = 1 + Math.ceil((PAGES - 1 + 1) / POOL_SIZE);
