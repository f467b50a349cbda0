import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventChecks } from '@/engine/figures/checks/check-kinds';
import { countOpen } from '@/engine/figures/checks/open-findings';
import { publishFindingCount } from '../api/event-figures-query';
import { useFineFindings } from './fine-findings';

/**
 * Gives the events list the count of the event's open findings (not marked fine) once the event
 * page's scan of the whole list is back, and again whenever a finding is marked fine: the card
 * then says what the Checks section says.
 */
export function usePublishFindingCount(eventId: number, checks: EventChecks | null): void {
  const client = useQueryClient();
  const { fine, ready } = useFineFindings(eventId);
  useEffect(() => {
    if (checks && ready) publishFindingCount(client, eventId, countOpen(checks, fine));
  }, [client, eventId, checks, fine, ready]);
}
