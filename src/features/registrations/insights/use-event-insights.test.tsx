import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { startSession } from '@/lib/session';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { TEST_SESSION } from '../../../../test/fixtures';
import { OVERVIEW_OPTIONS, OVERVIEW_WITH_LISTS } from './event-page-options';
import { insightsClient, type ComputeRequest } from './insights-client';
import { useEventInsights } from './use-event-insights';

const EVENT = DEMO_EVENT_IDS.trickySmall;
const { registrations, categories } = demoEvent(EVENT);
const request = (options: ComputeRequest['options']): ComputeRequest => ({
  eventId: EVENT,
  rows: registrations,
  categories,
  scope: null,
  options,
});

describe("an event's figures on screen", () => {
  it('stay while newer ones are computed, also when they came from figures already made', async () => {
    startSession(TEST_SESSION);
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    // Another screen made these figures already: they show at once.
    const made = await insightsClient(client).compute(request(OVERVIEW_OPTIONS));
    const shown = renderHook(({ asked }) => useEventInsights(asked, 0), {
      wrapper,
      initialProps: { asked: request(OVERVIEW_OPTIONS) },
    });
    await waitFor(() => expect(shown.result.current.insights).toBe(made));
    // The promoter opens a section that needs more (or corrects an answer): until those are
    // counted, the figures already shown stay, said to be on their way.
    shown.rerender({ asked: request(OVERVIEW_WITH_LISTS) });
    expect(shown.result.current.insights).toBe(made);
    expect(shown.result.current.computing).toBe(true);
    await waitFor(() => expect(shown.result.current.insights?.lists).toBe(true));
  });
});
