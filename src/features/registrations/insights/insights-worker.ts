/**
 * Module Web Worker that computes the event overview and the Numbers of the rows shown, so
 * counting 100,000 registrations (about a second) never freezes the page. Started by
 * insights-client.ts.
 */
import { createInsightsHandler } from './insights-handler';
import type { InsightsRequest, InsightsResponse } from './insights-protocol';

/** The slice of DedicatedWorkerGlobalScope used here (the app's types load the DOM library). */
interface InsightsWorkerScope {
  onmessage: ((event: MessageEvent<InsightsRequest>) => void) | null;
  postMessage(message: InsightsResponse): void;
}

const scope = self as unknown as InsightsWorkerScope;
const handle = createInsightsHandler();

scope.onmessage = (event) => {
  let response: InsightsResponse | null;
  try {
    response = handle(event.data);
  } catch (error) {
    const id = event.data.type === 'compute' ? event.data.id : -1;
    response = { id, error: error instanceof Error ? error.message : String(error) };
  }
  if (response) scope.postMessage(response);
};
