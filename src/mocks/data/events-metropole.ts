import { cat, KIDS, RACE, RELAY, WALK, type EventSpec } from './event-spec';

/**
 * A big-city promoter: a marathon with 100,000 registrations and the same tricky answers, and
 * a small race of 137 (a check-in list of a few printed pages).
 */
export const METROPOLE_EVENTS: readonly EventSpec[] = [
  {
    id: 1020,
    promoter: 'metropole',
    nameFr: 'Marathon international du Rhône',
    placeFr: 'Lyon',
    placeEn: 'Lyon',
    startOffsetDays: 120,
    updatedDaysAgo: 1,
    registrations: 100_000,
    trickyEvery: 499,
    questions: ['tshirt', 'club', 'emergency', 'heard'],
    categories: [
      cat(RACE, 'Marathon 42 km', 'Marathon 42 km', 55),
      cat(RACE, 'Semi-marathon', 'Half marathon', 25),
      cat(RACE, '10 km', '10 km', 12),
      cat(RELAY, 'Relais Ekiden', 'Ekiden relay', 5),
      cat(KIDS, 'Course des enfants', "Kids' run", 3),
    ],
  },
  {
    id: 1030,
    promoter: 'metropole',
    nameFr: 'Foulées des Traboules',
    placeFr: 'Lyon',
    placeEn: 'Lyon',
    startOffsetDays: 30,
    updatedDaysAgo: 3,
    registrations: 137,
    trickyEvery: 17,
    questions: ['tshirt', 'club'],
    categories: [cat(RACE, '10 km', '10 km', 70), cat(WALK, 'Marche 5 km', '5 km walk', 30)],
  },
];
