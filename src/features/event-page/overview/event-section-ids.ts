/** The event page's sections, in tab order; each is deep-linkable as `#<id>`. */
export const EVENT_SECTIONS = [
  'overview',
  'answers',
  'merch',
  'orders',
  'duplicates',
  'checks',
  'editions',
] as const;
export type EventSection = (typeof EVENT_SECTIONS)[number];

/** The section a URL hash names; anything else (no hash, a typo) is the overview. */
export function sectionFromHash(hash: string): EventSection {
  const id = hash.replace(/^#/, '');
  return (EVENT_SECTIONS as readonly string[]).includes(id) ? (id as EventSection) : 'overview';
}
