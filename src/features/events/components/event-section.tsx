import { useId, type ReactNode } from 'react';
import type { PartnerEvent } from '../api/schemas';
import { eventTiming } from '../model/event-timing';
import { EventCard } from './event-card';

/**
 * A titled group of event cards (upcoming or past); nothing when the group is empty.
 * `figuresOf`: each card's registration figures.
 */
export function EventSection({
  title,
  events,
  today,
  figuresOf,
}: {
  title: string;
  events: PartnerEvent[];
  today: string;
  figuresOf?: (eventId: number) => ReactNode;
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
          <EventCard
            key={event.eve_id}
            event={event}
            timing={eventTiming(event, today)}
            figures={figuresOf?.(event.eve_id)}
          />
        ))}
      </ul>
    </section>
  );
}
