import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { Registration } from '../api/registration-schemas';
import { categoryBreakdown } from './category-breakdown';
import { duplicateGroups } from './duplicate-groups';
import { ALL_INSIGHTS, eventInsights } from './event-insights';
import { orderGroups } from './order-groups';
import { questionInsights } from './question-insights';
import { demoEvent } from './testing/demo-event';

describe('eventInsights', () => {
  it('gathers the parts computed on their own', () => {
    const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.coastal);
    const insights = eventInsights(registrations, categories, { ...ALL_INSIGHTS, top: 3 });
    expect(insights.total).toBe(registrations.length);
    expect(insights.categories).toEqual(categoryBreakdown(registrations, categories));
    expect(insights.questions).toEqual(questionInsights(registrations, { top: 3 }));
    expect(insights.orders).toEqual(orderGroups(registrations));
    expect(insights.duplicates).toEqual(duplicateGroups(registrations));
  });

  it('describes an event without registrations', () => {
    const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.noRegistrations);
    const insights = eventInsights(registrations, categories);
    expect(insights).toMatchObject({ total: 0, questions: [], duplicates: [] });
    expect(insights.orders.orders).toEqual([]);
  });

  it('counts 100,000 registrations', () => {
    const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
    // Four copies of the 25,000 demo sign-ups, each with its own ids and orders.
    const many: Registration[] = [];
    for (let copy = 0; copy < 4; copy++) {
      for (const r of registrations) {
        many.push({
          ...r,
          registration_id: r.registration_id + copy * 10_000_000,
          order_id: `${r.order_id}-${copy}`,
        });
      }
    }
    // The time it takes is the benchmark's (npm run bench); a pass turning quadratic would make
    // this test run for minutes and end at its timeout.
    const insights = eventInsights(many, categories, { ...ALL_INSIGHTS, byCategory: true });
    expect(insights.total).toBe(100_000);
    expect(insights.categories.categories.reduce((sum, row) => sum + row.count, 0)).toBe(100_000);
  });
});
