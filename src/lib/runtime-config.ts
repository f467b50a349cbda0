import { queryOptions } from '@tanstack/react-query';
/**
 * Deployment settings read at run time from `/config.json`, so an operator can point the
 * build at their Partner API without rebuilding. Everything is optional.
 */
export interface RuntimeConfig {
  apiBaseUrl?: string;
}

/**
 * Checked by hand rather than with zod: this is the only data the sign-in screen reads before
 * the promoter acts, and zod would otherwise sit on that screen's critical path. Anything
 * unexpected is ignored, as a missing file is.
 */
function readRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) return {};
  const { apiBaseUrl } = value as Record<string, unknown>;
  return typeof apiBaseUrl === 'string' ? { apiBaseUrl } : {};
}

export async function loadRuntimeConfig(signal?: AbortSignal): Promise<RuntimeConfig> {
  try {
    const response = await fetch(new URL('/config.json', globalThis.location.href), signal ? { signal } : {});
    if (!response.ok) return {};
    return readRuntimeConfig(await response.json());
  } catch {
    // No config file is a valid deployment: the user types the base URL.
    return {};
  }
}

/** The deployment's settings as a query: read once per tab, the same key for every reader. */
export const runtimeConfigQuery = queryOptions({
  queryKey: ['runtime-config'] as const,
  queryFn: ({ signal }) => loadRuntimeConfig(signal),
  staleTime: Infinity,
});
