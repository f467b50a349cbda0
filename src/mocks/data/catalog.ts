import { ALPINE_EVENTS } from './events-alpine';
import { COASTAL_EVENTS } from './events-coastal';
import { LEAGUE_EVENTS } from './events-league';
import { METROPOLE_EVENTS } from './events-metropole';
import type { EventSpec } from './event-spec';

export type { EventSpec } from './event-spec';

/**
 * The static description of the demo events. Dates are offsets from a reference "today" so
 * the demo always has past, current and upcoming events; ids are fixed so tests and docs
 * can name them. Ids of the promoters interleave on purpose: a client must not guess
 * ownership from id ranges.
 */
/** Event ids worth naming in tests and docs. */
export const DEMO_EVENT_IDS = {
  /** alpine, upcoming, exactly 25,000 registrations, tricky answers sprinkled. */
  largeMarathon: 1001,
  /** metropole, upcoming, 100,000 registrations, tricky answers sprinkled. */
  hugeMarathon: 1020,
  /** metropole, upcoming, 137 registrations: a check-in list of a few printed pages. */
  printable: 1030,
  /** alpine, past, 45 registrations densely seeded with every tricky answer. */
  trickySmall: 1003,
  /** alpine, upcoming, eve_lieu_en null and one category with epr_nom_en null. */
  nullEnglish: 1005,
  /** alpine, past, eve_lieu_en '' and no custom questions. */
  emptyEnglishPlace: 1006,
  /** alpine, starts exactly on the reference date. */
  today: 1008,
  /** alpine, upcoming, zero registrations. */
  noRegistrations: 1010,
  /** coastal, upcoming. */
  coastal: 1004,
  /** alpine, two questions share the French text "Contact d'urgence". */
  sharedQuestionText: 1002,
  /**
   * alpine, past, 1,700 registrations: "Trail des Aiguilles 2025", the previous edition of 1002
   * (same place and categories); about 30 % of 1002's people ran it.
   */
  previousEdition: 1040,
  /** alpine, past, 40 registrations: "Course de l'Escalade 2024", the previous edition of 1003. */
  smallPreviousEdition: 1041,
} as const;

/** Every event, by ascending id (the order of GET /v1/events). */
export const EVENT_SPECS: readonly EventSpec[] = [
  ...ALPINE_EVENTS,
  ...COASTAL_EVENTS,
  ...METROPOLE_EVENTS,
  ...LEAGUE_EVENTS,
].sort((a, b) => a.id - b.id);
