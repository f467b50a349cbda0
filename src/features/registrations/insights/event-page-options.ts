/**
 * What the event page computes: every part, answers split by category, the data doctor's
 * checks; the lists of orders and duplicate groups only while their section is open (the other
 * sections show their counts). The table's `check` filter asks for the very same figures, so
 * coming from the event page finds them made (the figures are cached per options).
 */
export const OVERVIEW_OPTIONS = {
  questions: true,
  groups: true,
  byCategory: true,
  lists: false,
  checks: true,
} as const;
export const OVERVIEW_WITH_LISTS = { ...OVERVIEW_OPTIONS, lists: true } as const;
