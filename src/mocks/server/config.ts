import type { MockApiOptions } from '../handlers/options';

/** Options of the loopback HTTP server; the API options apply to its handlers. */
export interface MockHttpServerOptions extends Omit<MockApiOptions, 'baseUrl'> {
  /** Default 4010; 0 picks a free port (tests, benchmarks). */
  port?: number;
  /** Default '127.0.0.1': loopback only, the demo API must never face a network. */
  host?: string;
  /** Default true. false sends no CORS headers, like a partner API that forgot them. */
  cors?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

function integer(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a non-negative integer, got "${raw}".`);
  return Number(raw);
}

function choice<T extends number>(env: Env, name: string, allowed: readonly T[]): T | undefined {
  const value = integer(env, name);
  if (value === undefined) return undefined;
  const match = allowed.find((candidate) => candidate === value);
  if (match === undefined) throw new Error(`${name} must be one of ${allowed.join(', ')}.`);
  return match;
}

function flag(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be 0 or 1, got "${raw}".`);
}

/**
 * Server options from the environment: PORT, HOST, MOCK_LATENCY_MS, MOCK_MAX_PER_PAGE,
 * MOCK_DEFAULT_PER_PAGE, MOCK_FIRST_PAGE (0|1), MOCK_PAGE_META (0|1), MOCK_CORS (0|1),
 * MOCK_FORBIDDEN_STATUS (403|404), MOCK_TODAY (YYYY-MM-DD). Bad values fail loudly: a
 * silently ignored typo would make a test run against the wrong convention.
 */
export function readServerConfig(env: Env): MockHttpServerOptions {
  return {
    port: integer(env, 'PORT') ?? 4010,
    host: env.HOST || '127.0.0.1',
    cors: flag(env, 'MOCK_CORS') ?? true,
    latencyMs: integer(env, 'MOCK_LATENCY_MS'),
    maxPerPage: integer(env, 'MOCK_MAX_PER_PAGE'),
    defaultPerPage: integer(env, 'MOCK_DEFAULT_PER_PAGE'),
    firstPage: choice(env, 'MOCK_FIRST_PAGE', [0, 1] as const),
    includePageMeta: flag(env, 'MOCK_PAGE_META'),
    forbiddenStatus: choice(env, 'MOCK_FORBIDDEN_STATUS', [403, 404] as const),
    today: env.MOCK_TODAY || undefined,
  };
}
