/** An event id from the URL: a positive integer, or null for anything else (`12abc`, `-1`). */
export function parseEventId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
