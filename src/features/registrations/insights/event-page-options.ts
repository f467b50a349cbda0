/**
 * What the event page computes: every part, answers split by category; the lists of orders and
 * duplicate groups only while their section is open (the other sections show their counts).
 */
export const OVERVIEW_OPTIONS = { questions: true, groups: true, byCategory: true, lists: false } as const;
export const OVERVIEW_WITH_LISTS = { ...OVERVIEW_OPTIONS, lists: true } as const;

/**
 * The data doctor's scan, asked for apart, once the overview's figures are shown: the overview
 * does not wait for it. The table's `check` filter asks for the very same, so coming from the
 * event page finds it made (figures are cached per options).
 */
export const CHECKS_OPTIONS = { questions: false, groups: false, checks: true } as const;
