import { useId } from 'react';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { EventCard, type EventFiguresSlot } from './event-card';

/**
 * A titled group of event cards (upcoming or past); nothing when the group is empty.
 * `Figures`: what each card shows of its registrations.
 */
export function EventSection({
  title,
  events,
  today,
  Figures,
}: {
  title: string;
  events: PartnerEvent[];
  today: string;
  Figures?: EventFiguresSlot;
}) {
  const id = useId();
  if (events.length === 0) return null;
  return (
    <section className="event-section" aria-labelledby={id}>
      <h2 id={id} className="event-section__title">
        {title} <span className="badge">{events.length}</span>
      </h2>
      <ul className="event-list">
        {events.map((event) => (
          <EventCard key={event.eve_id} event={event} today={today} Figures={Figures} />
        ))}
      </ul>
    </section>
  );
}
