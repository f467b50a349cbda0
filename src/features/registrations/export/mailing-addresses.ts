import { emailKey } from '@/lib/text-keys';
import { isLeftOutStatus, tallyStatuses } from '@/engine/api/payment-status';
import type { RegistrationRow } from '../rows/registration-rows';

/**
 * The one rule for "a valid, unique e-mail address" of a mailing, used by "Copy e-mail
 * addresses" and the audience CSV alike, so both hand over the same people.
 *
 * Valid is what mailing tools accept, stricter than RFC 5322 where they are:
 * - the address as typed, without the spaces around it (old sign-up forms kept a trailing
 *   one); a space or any control character inside is invalid;
 * - one `@`; a local part of 1 to 64 ASCII "atext" characters (letters, digits and
 *   ``!#$%&'*+/=?^_`{|}~-``) and dots, no dot first, last or twice in a row. Quoted local
 *   parts (`"jo smith"@x.fr`) and non-ASCII before the `@` are refused: Mailchimp accepts
 *   international characters only after the `@`;
 * - a domain of at least two labels of letters (any script), digits and inner hyphens, 1 to
 *   63 characters each, ending in a top-level domain of letters (or `xn--` punycode), at most
 *   253 characters; no IP literal (`jo@[192.0.2.1]`), which no mailing tool takes;
 * - at most 254 characters in all.
 * Unique is the app's one rule for "the same address" (lib/text-keys emailKey: case and
 * Unicode form ignored, `Jo@X.fr` and `jo@x.fr` are one person to every mailing tool); the
 * first spelling met, in the view's order, is kept.
 *
 * Registrations whose status is left out (engine/api/payment-status: cancelled and refunded, however
 * written) are not mailed, whatever their address, and are counted; a status the app does not
 * know is mailed, and counted apart so the dialog can say so.
 */

/** Why a row gives no address, or the address it gives. */
export type AddressCheck =
  | { readonly status: 'missing' }
  | { readonly status: 'invalid' }
  | {
      readonly status: 'valid';
      /** As typed, trimmed. */
      readonly address: string;
      /** What tells two addresses apart: emailKey. */
      readonly key: string;
      /**
       * Starts with `=`, `+` or `-` (valid: RFC 5322 allows them first). A spreadsheet runs
       * such a cell as a formula, and the CSV's guard (a leading `'`) would make it another,
       * still valid address that a mailing tool would import as it is: the audience file
       * leaves such an address out and says so; the clipboard, read by no spreadsheet, keeps it.
       */
      readonly formulaLike: boolean;
    };

const ATEXT = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]{0,61}[\p{L}\p{M}\p{Nd}])?$/u;
const TOP_LEVEL = /^(?:[\p{L}\p{M}]{2,63}|xn--[a-z0-9-]{1,59})$/iu;
/** Any space (including no-break ones) or control character: never inside an address. */
const SPACE_OR_CONTROL = /[\s\p{Cc}\p{Cf}]/u;
const FORMULA_FIRST = new Set(['=', '+', '-']);

export function checkAddress(raw: string | null | undefined): AddressCheck {
  const address = (raw ?? '').trim();
  if (address === '') return { status: 'missing' };
  if (address.length > 254 || SPACE_OR_CONTROL.test(address)) return { status: 'invalid' };
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at <= 0 || local.length > 64 || !ATEXT.test(local)) return { status: 'invalid' };
  if (domain.length > 253) return { status: 'invalid' };
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return { status: 'invalid' };
  if (!TOP_LEVEL.test(labels[labels.length - 1]!)) return { status: 'invalid' };
  return {
    status: 'valid',
    address,
    key: emailKey(address),
    formulaLike: FORMULA_FIRST.has(address.charAt(0)),
  };
}

/** One person of a mailing: a unique valid address and the first row of the view that gave it. */
export interface MailingRecipient {
  readonly address: string;
  readonly row: RegistrationRow;
  readonly formulaLike: boolean;
}

export interface MailingAudience {
  /** Each valid address once, in the view's order. */
  readonly recipients: readonly MailingRecipient[];
  /** How many rows of the view were looked at. */
  readonly rows: number;
  /** Rows without an address. */
  readonly missing: number;
  /** Rows whose address is not valid, with those rows (to show what to correct). */
  readonly invalid: readonly RegistrationRow[];
  /** Rows whose valid address an earlier row already gave (a family, a club's address). */
  readonly repeated: number;
  /** Rows left out for their status (engine/api/payment-status), whatever their address. */
  readonly leftOutStatus: number;
  /** Rows kept whose status the app does not know, and those statuses as sent. */
  readonly unknownStatus: number;
  readonly unknownStatuses: readonly string[];
}

/** The mailing audience of some rows (the rows of a view, in its order). */
export function mailingAudience(rows: readonly RegistrationRow[]): MailingAudience {
  const seen = new Set<string>();
  const recipients: MailingRecipient[] = [];
  const invalid: RegistrationRow[] = [];
  let missing = 0;
  let repeated = 0;
  const statuses = tallyStatuses(rows, (row) => row.registration.payment_status);
  for (const row of rows) {
    if (statuses.leftOut > 0 && isLeftOutStatus(row.statusKey)) continue;
    const check = checkAddress(row.registration.email);
    if (check.status === 'missing') missing += 1;
    else if (check.status === 'invalid') invalid.push(row);
    else if (seen.has(check.key)) repeated += 1;
    else {
      seen.add(check.key);
      recipients.push({ address: check.address, row, formulaLike: check.formulaLike });
    }
  }
  return {
    recipients,
    rows: rows.length,
    missing,
    invalid,
    repeated,
    leftOutStatus: statuses.leftOut,
    unknownStatus: statuses.unknown,
    unknownStatuses: statuses.unknownStatuses,
  };
}

/** The addresses cut into batches of `size` (a BCC field's limit), in order. */
export function addressBatches(addresses: readonly string[], size: number): string[][] {
  const step = Math.max(1, Math.floor(size));
  const batches: string[][] = [];
  for (let start = 0; start < addresses.length; start += step) {
    batches.push(addresses.slice(start, start + step));
  }
  return batches;
}

/**
 * One batch as pasted in a BCC field: addresses separated by a comma and a space, the
 * separator of RFC 5322's address lists that Gmail, Outlook, Apple Mail and Thunderbird take.
 */
export function batchText(batch: readonly string[]): string {
  return batch.join(', ');
}
