/** Demo API keys; each one is bound to one promoter, like a real key (API doc section 5). */
export const DEMO_KEYS = {
  /** Main demo promoter (Lake Geneva / Alps events, including the 25,000-registration one). */
  alpine: 'demo-alpine-7f3a',
  /** Second promoter (Québec events), to check that one key never sees another's data. */
  coastal: 'demo-coastal-2b9c',
  /** A valid key whose promoter has no events at all. */
  empty: 'demo-empty-5d1e',
  /** A big-city promoter with one 100,000-registration marathon: the scale the dashboard is built for. */
  metropole: 'demo-metropole-9c4d',
  /** A national running series: 20 events, 500,000 registrations in all (the search across events). */
  league: 'demo-league-3e8a',
} as const;

export type PromoterId = keyof typeof DEMO_KEYS;

const KEY_TO_PROMOTER = new Map<string, PromoterId>(
  (Object.keys(DEMO_KEYS) as PromoterId[]).map((id) => [DEMO_KEYS[id], id]),
);

/** The promoter a key belongs to; exact match, no trimming, like a real key check. */
export function promoterForKey(key: string | null): PromoterId | null {
  if (key === null) return null;
  return KEY_TO_PROMOTER.get(key) ?? null;
}
