import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChecksSummary } from '@/engine/figures/checks/open-findings';
import { publishFindingCount } from '../api/event-figures-query';

/**
 * Gives the events list the count of the event's open findings (not marked fine) once the event
 * page's scan of the whole list is back, and again whenever a finding is marked fine: the card
 * then says what the Checks section says.
 */
export function usePublishFindingCount(eventId: number, summary: ChecksSummary | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (summary) publishFindingCount(client, eventId, summary.open);
  }, [client, eventId, summary]);
}
