import type { EventSpec } from './event-spec';
import { LEAGUE_BIG_EVENTS } from './events-league-big';
import { LEAGUE_SMALL_EVENTS } from './events-league-small';

/**
 * League promoter: a national running series of 20 events and 500,000 registrations in all
 * (two of 68,000 and 80,000, several of 20,000 to 40,000, some small), past and upcoming. The
 * account the search across events is built and measured on. Registrations are generated per
 * event, on its first request, like every other event's.
 */
const LEAGUE: readonly Omit<EventSpec, 'orderBase'>[] = [...LEAGUE_BIG_EVENTS, ...LEAGUE_SMALL_EVENTS];

/**
 * Order numbers of the league's events follow one another from 500,000 (beyond every other
 * event's), so an order number names one order in the whole account: a search for it across
 * events finds that order only.
 */
const FIRST_ORDER = 500_000;

export const LEAGUE_EVENTS: readonly EventSpec[] = LEAGUE.map((spec, i) => ({
  ...spec,
  orderBase: FIRST_ORDER + LEAGUE.slice(0, i).reduce((sum, earlier) => sum + earlier.registrations, 0),
}));
