import { getDemoDataset, type DemoDataset } from '../data/dataset';
import { authenticate } from './auth';
import { simulateLatency } from './latency';
import type { ResolvedMockApiOptions } from './options';
import type { PromoterId } from '../data/demo-keys';

/** What every resource handler needs: resolved options, the dataset, and URL building. */
export interface HandlerContext {
  options: ResolvedMockApiOptions;
  /** Looked up per request, so resetDemoData() between tests takes effect at once. */
  dataset(): DemoDataset;
  /** '/v1/events' -> '*\/v1/events' or 'http://host/prefix/v1/events'. */
  path(apiPath: string): string;
}

export function createHandlerContext(options: ResolvedMockApiOptions): HandlerContext {
  getDemoDataset(options.today); // fail fast on an invalid `today`, not at the first request
  return {
    options,
    dataset: () => getDemoDataset(options.today),
    path: (apiPath) => (options.baseUrl === '*' ? `*${apiPath}` : `${options.baseUrl}${apiPath}`),
  };
}

/** Latency first (a real round trip happens even for a rejected key), then the key check. */
export async function beginRequest(
  context: HandlerContext,
  request: Request,
): Promise<PromoterId | Response> {
  await simulateLatency(context.options.latencyMs);
  return authenticate(request);
}
