import type { Registration } from '../loader/schemas';
import { eventInsights } from './event-insights';
import { toWire, type InsightsRequest, type InsightsResponse } from './insights-protocol';

/**
 * What the insights worker does with each message, as a plain function so it is tested in
 * Node and runs in the page where no Worker exists (tests in jsdom). Holds each event's rows.
 */
export function createInsightsHandler(): (request: InsightsRequest) => InsightsResponse | null {
  const rowsByEvent = new Map<number, Registration[]>();
  return (request) => {
    switch (request.type) {
      case 'rows': {
        let held = rowsByEvent.get(request.eventId);
        if (!held) rowsByEvent.set(request.eventId, (held = []));
        // A gap (rows after a position never received) is caught by `expected` when computing.
        held.length = Math.min(held.length, request.from);
        for (const row of request.rows) held.push(row);
        return null;
      }
      case 'forget':
        if (request.eventId === null) rowsByEvent.clear();
        else rowsByEvent.delete(request.eventId);
        return null;
      case 'compute': {
        const held = rowsByEvent.get(request.eventId) ?? [];
        if (held.length !== request.expected) {
          return { id: request.id, error: `stale: ${held.length} rows held, ${request.expected} expected` };
        }
        const rows = request.scope ? inScope(held, request.scope) : held;
        const insights = eventInsights(rows, request.categories, request.options);
        return { id: request.id, insights: toWire(insights) };
      }
    }
  };
}

/**
 * The handler with its replies: what the worker runs, and the page where there is no Worker.
 * A computation that throws is answered as an error for its request, never left unanswered.
 */
export function createInsightsAnswers(
  reply: (response: InsightsResponse) => void,
): (request: InsightsRequest) => void {
  const handle = createInsightsHandler();
  return (request) => {
    let response: InsightsResponse | null;
    try {
      response = handle(request);
    } catch (error) {
      const id = request.type === 'compute' ? request.id : -1;
      response = { id, error: error instanceof Error ? error.message : String(error) };
    }
    if (response) reply(response);
  };
}

function inScope(rows: readonly Registration[], scope: Int32Array): Registration[] {
  const wanted = new Set(scope);
  return rows.filter((row) => wanted.has(row.registration_id));
}
