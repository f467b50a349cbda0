/**
 * What is wrong with one e-mail address: not an address at all, or a common provider's domain
 * mistyped (with the address it likely meant).
 */

/**
 * An address as a mail server takes it, loosely: something before one `@`, a domain of two
 * labels or more made of letters, digits and hyphens (any script: internationalised domains
 * are real), ending in a top-level domain of two letters or more. No spaces, no `..`, no dot
 * at either end of the local part. Stricter rules (RFC 5321's quoted local parts) reject
 * addresses people really use; looser ones let "jean@gmail" through.
 */
const LOCAL = /^[^\s@"(),:;<>[\]\\]{1,64}$/u;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;

export function isValidEmail(address: string): boolean {
  const at = address.indexOf('@');
  if (at <= 0 || at !== address.lastIndexOf('@')) return false;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..'))
    return false;
  const labels = domain.split('.');
  if (labels.length < 2 || domain.length > 253) return false;
  return labels.every((label) => LABEL.test(label)) && TOP_LEVEL.test(labels[labels.length - 1]!);
}

/**
 * The providers most of a French- and English-speaking field's addresses use. A domain one
 * keystroke away from one of them (a letter missing, doubled, swapped or wrong) is likely that
 * provider mistyped.
 */
const PROVIDERS = [
  'gmail.com',
  'hotmail.com',
  'hotmail.fr',
  'hotmail.ca',
  'outlook.com',
  'outlook.fr',
  'live.com',
  'live.fr',
  'live.ca',
  'yahoo.com',
  'yahoo.fr',
  'yahoo.ca',
  'icloud.com',
  'orange.fr',
  'wanadoo.fr',
  'laposte.net',
  'free.fr',
  'sfr.fr',
  'bbox.fr',
  'neuf.fr',
  'aol.com',
  'msn.com',
  'gmx.fr',
  'gmx.com',
  'protonmail.com',
  'videotron.ca',
  'sympatico.ca',
  'bluewin.ch',
] as const;

/**
 * Real domains one keystroke from a provider: never read as a typo. Beyond these, a domain of
 * a provider's length with one letter changed is far more often a typo than a company.
 */
const REAL_DOMAINS = new Set<string>([
  ...PROVIDERS,
  'mail.com',
  'ymail.com',
  'email.com',
  'gmx.ch',
  'gmx.de',
  'gmx.net',
  'live.be',
  'yahoo.be',
  'hotmail.be',
  'outlook.be',
  'hotmail.ch',
  'me.com',
  'mac.com',
  'proton.me',
  'aol.fr',
  'msn.fr',
  'free.com',
  'orange.com',
  'sfr.com',
  'live.co.uk',
  'yahoo.co.uk',
  'hotmail.co.uk',
]);

/** A top-level domain typed twice ("yahoo.fr.fr", "gmail.com.com"). */
const REPEATED_TOP = /^(.+)\.([a-z]{2,3})\.\2$/;

/** The provider domain one edit from `domain` (lower case), or null. */
function nearProvider(domain: string): string | null {
  if (REAL_DOMAINS.has(domain)) return null;
  const repeated = REPEATED_TOP.exec(domain);
  if (repeated && REAL_DOMAINS.has(`${repeated[1]}.${repeated[2]}`)) return `${repeated[1]}.${repeated[2]}`;
  // The first in PROVIDERS' order when two are as near ("hotmail.cm": .com before .ca).
  return (
    PROVIDERS.find(
      (provider) =>
        // Short names ("sfr", "aol") are a keystroke from too many real domains.
        provider.indexOf('.') >= 4 &&
        Math.abs(provider.length - domain.length) <= 1 &&
        oneEditApart(domain, provider),
    ) ?? null
  );
}

/**
 * Whether `a` and `b` differ by exactly one keystroke: a character inserted, dropped, changed,
 * or two neighbours swapped (Damerau).
 */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (a.length === b.length) {
    let first = -1;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (first >= 0) {
        // A second difference: only a swap of the two neighbours is one keystroke.
        return i === first + 1 && a[first] === b[i] && a[i] === b[first] && a.slice(i + 1) === b.slice(i + 1);
      }
      first = i;
    }
    return true;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}

/** What is wrong with an address. */
export interface EmailProblem {
  readonly check: 'email-invalid' | 'email-typo';
  /** The address it likely meant, for a typo. */
  readonly suggestion: string | null;
}

/** What is wrong with a non-empty address as sent (trimmed first), or null. */
export function emailProblem(sent: string): EmailProblem | null {
  const address = sent.trim();
  if (address === '') return null;
  if (!isValidEmail(address)) return { check: 'email-invalid', suggestion: null };
  const at = address.lastIndexOf('@');
  const provider = nearProvider(address.slice(at + 1).toLowerCase());
  return provider ? { check: 'email-typo', suggestion: `${address.slice(0, at)}@${provider}` } : null;
}
