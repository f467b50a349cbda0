/**
 * Module Web Worker that computes the event overview and the Numbers of the rows shown, so
 * counting 100,000 registrations (about a second) never freezes the page. Started by
 * insights-client.ts.
 */
import { workerScope } from '@/lib/worker-scope';
import { createInsightsAnswers } from './insights-handler';
import type { InsightsRequest, InsightsResponse } from './insights-protocol';

const scope = workerScope<InsightsRequest, InsightsResponse>();
const answer = createInsightsAnswers((response) => scope.postMessage(response));

scope.onmessage = (event) => answer(event.data);
