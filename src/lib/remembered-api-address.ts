/**
 * The API address of the last sign-in, so the sign-in form does not ask for it again after a
 * sign-out. Only the address: it is not a secret (the operator's base URL, or the same-origin
 * proxy path); the key never leaves sessionStorage (see session.ts). Read as untrusted input:
 * anything but an http(s) URL or a path of this site is no address.
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
