/**
 * The event overview's computation (eventInsights: categories × statuses, every question's
 * answers with the split by category, orders, duplicates) on one demo event, in Node. The
 * event page runs it in the engine worker once the list is complete, so its time is how long
 * the promoter waits for the final figures.
 */
import { z } from '@/lib/zod';
import { categorySchema } from '../../src/engine/api/event-schemas';
import { registrationSchema } from '../../src/engine/api/registration-schemas';
import { ALL_INSIGHTS, eventInsights } from '../../src/engine/figures/event-insights';
import { getDemoDataset } from '../../src/mocks/data';
import { DEFAULT_ORDER_CHOICE, orderSheet } from '../../src/features/event-page/order-sheet/order-sheet';
import { median } from './report';

export interface InsightsFigures {
  eventId: number;
  rows: number;
  /** The first run, as the overview does it (cold caches, code not yet optimized). */
  firstMs: number;
  /** Median of the runs after it. */
  warmMs: number;
  warmRuns: number;
  /**
   * The merch order sheet added up on the page from those figures (orderSheet, every choice
   * redraws it): median of its runs, or null when no question is read as sizes.
   */
  orderSheetMs: number | null;
}

const WARM_RUNS = 3;

export function measureInsights(eventId: number): InsightsFigures {
  const dataset = getDemoDataset();
  const event = dataset.findEvent(eventId);
  if (!event) throw new Error(`No demo event ${eventId}`);
  // Parsed like an API response, so the rows have the shape the overview gets (nulls, extra fields).
  const registrations = z.array(registrationSchema).parse(dataset.registrationsOf(eventId));
  const categories = z.array(categorySchema).parse(event.categories);
  const run = () => {
    const started = performance.now();
    eventInsights(registrations, categories, { ...ALL_INSIGHTS, byCategory: true });
    return performance.now() - started;
  };
  const firstMs = run();
  const warm = Array.from({ length: WARM_RUNS }, run);
  const insights = eventInsights(registrations, categories, { ...ALL_INSIGHTS, byCategory: true });
  const sizes = insights.questions.find((question) => question.reading === 'SIZE');
  const labels = {
    categories,
    category: (id: number | null | undefined) => String(id ?? ''),
    language: 'en' as const,
  };
  const sheet = () => {
    const started = performance.now();
    if (sizes) orderSheet(sizes, labels, { ...DEFAULT_ORDER_CHOICE, grouping: 'type', margin: 5 });
    return performance.now() - started;
  };
  return {
    eventId,
    rows: registrations.length,
    firstMs,
    warmMs: median(warm),
    warmRuns: WARM_RUNS,
    orderSheetMs: sizes ? median(Array.from({ length: 9 }, sheet)) : null,
  };
}

// `tsx --tsconfig tsconfig.node.json test/bench/insights.ts 1020`: this measurement alone.
if (process.argv[1]?.endsWith('insights.ts')) {
  const eventId = Number(process.argv[2] ?? 1020);
  const figures = measureInsights(eventId);
  console.log(
    `eventInsights, event ${eventId}: ${figures.rows} registrations, first run ${Math.round(figures.firstMs)} ms, ` +
      `then median ${Math.round(figures.warmMs)} ms of ${figures.warmRuns}; ` +
      `order sheet ${figures.orderSheetMs === null ? 'none' : `${figures.orderSheetMs.toFixed(2)} ms`}`,
  );
}
