import type { PartnerEvent } from '@/engine/api/event-schemas';
import { lettersKey } from '@/lib/text-keys';

/**
 * The name an event keeps from one edition to the next: its name without any four-digit year
 * ("Trail des Aiguilles 2025", "2025 – Trail des Aiguilles", "Trail des Aiguilles (2025)" all
 * give "traildesaiguilles"), compared by its letters and digits alone (lib/text-keys lettersKey:
 * accents, case, ligatures, spaces and punctuation ignored).
 */
export function editionName(name: string | null | undefined): string {
  return lettersKey((name ?? '').replace(/(?<![\p{L}\p{N}])\d{4}(?![\p{L}\p{N}])/gu, ' '));
}

/** The calendar day an event starts, or null when the API did not send a readable one. */
function startDay(event: PartnerEvent): string | null {
  const day = event.eve_date_debut?.slice(0, 10) ?? '';
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
}

/**
 * The previous edition the app suggests for `current`: among the promoter's other events,
 * the latest one with the same name once the year is taken out, the same place (folded like
 * the name) and a start date before `current`'s. Null when there is none, or when `current`
 * has no name or start date to compare.
 */
export function suggestPreviousEdition(
  current: PartnerEvent,
  events: readonly PartnerEvent[],
): PartnerEvent | null {
  const name = editionName(current.eve_nom_fr);
  const place = lettersKey(current.eve_lieu_fr);
  const day = startDay(current);
  if (name === '' || day === null) return null;
  let best: { event: PartnerEvent; day: string } | null = null;
  for (const event of events) {
    if (event.eve_id === current.eve_id) continue;
    const otherDay = startDay(event);
    if (otherDay === null || otherDay >= day) continue;
    if (editionName(event.eve_nom_fr) !== name || lettersKey(event.eve_lieu_fr) !== place) continue;
    if (!best || otherDay > best.day) best = { event, day: otherDay };
  }
  return best?.event ?? null;
}

/** The events a promoter may pick as the previous edition: every other event, earliest first. */
export function editionCandidates(current: PartnerEvent, events: readonly PartnerEvent[]): PartnerEvent[] {
  return events
    .filter((event) => event.eve_id !== current.eve_id)
    .sort((a, b) => (startDay(a) ?? '9999').localeCompare(startDay(b) ?? '9999') || a.eve_id - b.eve_id);
}
