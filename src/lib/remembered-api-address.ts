/**
 * What this device remembers about the Partner API, in localStorage because none of it is a
 * secret or personal data: the API address of the last sign-in, so the sign-in form does not
 * ask for it again after a sign-out, and how each API numbers its pages. The key never leaves
 * sessionStorage (see session.ts). Everything is read as untrusted input: anything but an
 * http(s) URL or a path of this site is no address, anything but 0 or 1 is no numbering.
 */
const ITEM = 'promoter-dashboard.api-address';
const MAX_LENGTH = 2048;

/** An address the form can offer: an absolute http(s) URL or a path of this site ('/partner-api'). */
export function parseApiAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const address = value.trim();
  if (address === '' || address.length > MAX_LENGTH) return null;
  if (address.startsWith('/') && !address.startsWith('//')) return address;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? address : null;
  } catch {
    return null;
  }
}

export function rememberedApiAddress(): string | null {
  try {
    return parseApiAddress(localStorage.getItem(ITEM));
  } catch {
    return null; // storage blocked
  }
}

export function rememberApiAddress(address: string): void {
  const parsed = parseApiAddress(address);
  if (parsed === null) return;
  try {
    localStorage.setItem(ITEM, parsed);
  } catch {
    // Storage full or blocked: the form asks for the address next time, as before.
  }
}

/**
 * What is wrong with an address typed in the form, before anything is sent: a host without
 * its scheme ("api.example.com") would be read as a path of this site.
 */
export function apiAddressProblem(value: string): 'missing-scheme' | null {
  const address = value.trim();
  if (address === '' || address.startsWith('/')) return null;
  return /^[a-z][a-z\d+.-]*:\/\//i.test(address) ? null : 'missing-scheme';
}

const NUMBERING_ITEM = 'promoter-dashboard.first-page';
/** More APIs than one promoter's device meets; keeps a tampered item from growing without end. */
const MAX_NUMBERINGS = 20;

/**
 * The first page number (0 or 1) of each API address, from whatever the item holds: entries
 * that are not an address and 0 or 1 are dropped, never thrown on.
 */
export function parseNumberings(value: unknown): Map<string, 0 | 1> {
  const numberings = new Map<string, 0 | 1>();
  if (typeof value !== 'string') return numberings;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return numberings;
  }
  if (!Array.isArray(parsed)) return numberings;
  for (const entry of parsed.slice(-MAX_NUMBERINGS)) {
    if (!Array.isArray(entry) || entry.length !== 2) continue;
    const address = parseApiAddress(entry[0]);
    const firstPage: unknown = entry[1];
    if (address !== null && (firstPage === 0 || firstPage === 1)) numberings.set(address, firstPage);
  }
  return numberings;
}

function readNumberings(): Map<string, 0 | 1> {
  try {
    return parseNumberings(localStorage.getItem(NUMBERING_ITEM));
  } catch {
    return new Map<string, 0 | 1>(); // storage blocked
  }
}

/**
 * The first page number a Partner API was found to use, remembered per address on this device,
 * so the registrations loader asks for page=0 at most once per API and device: a 1-based server
 * answers it with a 400, which the browser logs in the console and the server in its logs.
 */
export function knownFirstPage(baseUrl: string): 0 | 1 | undefined {
  return readNumberings().get(baseUrl.trim());
}

export function rememberFirstPage(baseUrl: string, firstPage: 0 | 1): void {
  const address = parseApiAddress(baseUrl);
  if (address === null) return;
  const numberings = readNumberings();
  if (numberings.get(address) === firstPage) return;
  numberings.delete(address); // the newest last, so the oldest go first past the limit
  numberings.set(address, firstPage);
  try {
    localStorage.setItem(NUMBERING_ITEM, JSON.stringify([...numberings].slice(-MAX_NUMBERINGS)));
  } catch {
    // Storage full or blocked: the next load probes again, which is only slower.
  }
}
