import type { PartnerEvent } from '@/engine/api/event-schemas';

export type EventTiming = 'today' | 'upcoming' | 'past' | 'undated';

/** Today's events count as upcoming, but get their own label. */
export function eventTiming(event: PartnerEvent, today: string): EventTiming {
  const day = event.eve_date_debut?.slice(0, 10);
  if (!day) return 'undated';
  if (day === today) return 'today';
  return day > today ? 'upcoming' : 'past';
}
