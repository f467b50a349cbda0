import { useId } from 'react';
import type { PartnerEvent } from '../api/schemas';
import { eventTiming } from '../model/event-timing';
import { EventCard } from './event-card';

/** A titled group of event cards (upcoming or past); nothing when the group is empty. */
export function EventSection({
  title,
  events,
  today,
}: {
  title: string;
  events: PartnerEvent[];
  today: string;
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
          <EventCard key={event.eve_id} event={event} timing={eventTiming(event, today)} />
        ))}
      </ul>
    </section>
  );
}
