import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

const MAX_RETRIES = 3;
const MAX_BACKOFF_MS = 15_000;

/**
 * Retry policy: never on 4xx (the same request gets the same answer) except 429, which waits
 * what Retry-After asks; exponential backoff on 5xx, network failures and timeouts.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (!isApiError(error)) return false;
  return ['rate-limited', 'server', 'network', 'timeout'].includes(error.kind);
}

export function retryDelay(failureCount: number, error: unknown): number {
  if (isApiError(error) && error.kind === 'rate-limited' && error.retryAfterSeconds !== undefined) {
    return Math.min(error.retryAfterSeconds * 1000, 60_000);
  }
  return Math.min(1000 * 2 ** failureCount, MAX_BACKOFF_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 60_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
