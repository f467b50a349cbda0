import type { Handlers } from '@/engine/rpc/server';
import type { Registration } from '../api/registration-schemas';
import { parseEventCorrections } from '@/lib/clean-answers/clean-answers';
import { eventInsights } from './event-insights';
import { CheckMemo, eventChecks } from './checks/event-checks';
import { findingsTable } from './checks/findings-table';
import { parseFineFindings } from './checks/open-findings';
import type { insightsContract } from './insights-contract';
import { toWire } from './insights-protocol';
import type { EventLists } from '@/engine/sync/event-lists';

/**
 * The engine's figures methods (insights-contract.ts). Computes on the list the engine loaded
 * for the page (event-lists.ts), at the version the page shows, or else on the rows the page
 * sent; plain functions, so they are tested in Node and run in the page where there is no
 * Worker (tests in jsdom).
 */
export function insightsHandlers(lists: EventLists): Handlers<typeof insightsContract> {
  const rowsByEvent = new Map<number, Registration[]>();
  const memo = new CheckMemo();
  /**
   * The list the engine loaded for the page, at the version the page shows (once its rows are
   * in: a reopened list's are decoded after the page got them), or the rows the page sent.
   */
  const heldRows = async (eventId: number, version: number | null): Promise<readonly Registration[]> =>
    (version === null ? rowsByEvent.get(eventId) : await lists.rowsAt(eventId, version)) ?? [];
  return {
    'insights.rows': ({ eventId, from, rows }) => {
      let held = rowsByEvent.get(eventId);
      if (!held) rowsByEvent.set(eventId, (held = []));
      // A gap (rows after a position never received) is caught by `expected` when computing.
      held.length = Math.min(held.length, from);
      for (const row of rows) held.push(row);
      return true;
    },
    'insights.forget': ({ eventId }) => {
      if (eventId === null) rowsByEvent.clear();
      else rowsByEvent.delete(eventId);
      memo.forget(eventId);
      return true;
    },
    'insights.compute': async ({ eventId, version, expected, categories, scope, options }) => {
      const held = await heldRows(eventId, version);
      if (held.length !== expected) return { status: 'stale', held: held.length };
      const rows = scope ? inScope(held, scope) : held;
      // The promoter's corrections come from the page: parsed like anything from outside.
      const corrections = parseEventCorrections(options.corrections);
      return {
        status: 'ok',
        insights: toWire(eventInsights(rows, categories, { ...options, corrections }, memo)),
      };
    },
    'insights.findings-csv': async ({ eventId, version, expected, corrections, fine, texts, preset }) => {
      const held = await heldRows(eventId, version);
      if (held.length !== expected) return { status: 'stale', held: held.length };
      const checks = eventChecks(held, { memo, corrections: parseEventCorrections(corrections) });
      const rows = findingsTable(held, checks, parseFineFindings({ version: 1, keys: fine }), texts);
      // The CSV writer comes with the first file, as the exports' does.
      const { buildCsvBlob } = await import('@/lib/csv/build-csv');
      return { status: 'ok', file: buildCsvBlob({ headers: texts.headers, rows, preset }) };
    },
  };
}

function inScope(rows: readonly Registration[], scope: Int32Array): Registration[] {
  const wanted = new Set(scope);
  return rows.filter((row) => wanted.has(row.registration_id));
}
