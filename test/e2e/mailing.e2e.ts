import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, appUrl, formatCount, signInAlpine, type Lang, VIEWPORTS } from './app';
import { leftOutStatusNames } from '@/engine/api/payment-status';
import { LEFT_OUT_STATUSES, allRegistrations, openRegistrations, shoot } from './steps';
import { escapeRegExp, t } from './texts';

/**
 * The mailing hand-off of event 1008 (650 registrations), as a promoter uses it, en/fr,
 * 1366×900 desktop and 390×844 phone, on the rows of "everyone except the cancelled"
 * (`?notstatus=cancelled`), of which the refunded ones are never mailed (the app's one list of
 * left-out statuses). A few addresses come from the API over HTTP the way sign-up forms
 * leave them (altered on their way): none, invalid ones, one in capitals with spaces around it
 * and again in lower case, and two valid ones a spreadsheet would run as formulas (`=…`, `+…`).
 * "Copy e-mail addresses" says how many rows had none or an invalid one and how many it left
 * out for their status; its batches of 50,
 * copied one by one and read back from the clipboard, are exactly the unique valid addresses
 * of those rows, in their order, counted with a plain loop over the API's JSON. The audience
 * CSV, read back from the download, has Brevo's column names, one line per address but the two
 * formula-like ones, no address altered by the formula guard, and says what it left out. Axe
 * with the dialog open; screenshots `mailing-<lang>-<desktop|phone>.png` (opened) and
 * `mailing-copied-<lang>-<desktop|phone>.png` (every batch copied).
 */

const EVENT_ID = 1008;
const BATCH = 50;
type Viewport = keyof typeof VIEWPORTS;

/** The texts of mailing.json (and the preset's label in registrations.json). */
function mailingText(lang: Lang) {
  const counted = (key: string, n: number, values: Record<string, string | number> = {}) =>
    t(lang, `mailing:${key}`, { count: n, formatted: formatCount(n, lang), ...values });
  const statuses = leftOutStatusNames((status) => t(lang, `registrations:status.${status}`), lang);
  return {
    copy: new RegExp(`^${escapeRegExp(t(lang, 'mailing:copy.label'))}`),
    title: t(lang, 'mailing:dialog.title'),
    summary: (n: number, rows: number) => counted('dialog.summary', n, { rows: formatCount(rows, lang) }),
    missing: (n: number) => counted('dialog.missing', n),
    invalid: (n: number) => counted('dialog.invalid', n),
    formulaLike: counted('dialog.formulaLike', 2),
    leftOutStatus: (n: number) => counted('dialog.statusLeftOut', n, { statuses }),
    batchSize: t(lang, 'mailing:dialog.batchSize'),
    copyBatch: (n: number) => t(lang, 'mailing:dialog.copyBatch', { n }),
    copied: (n: number, count: number) => counted('dialog.copied', count, { n }),
    close: t(lang, 'mailing:dialog.close'),
    copiedMark: `✓ ${t(lang, 'mailing:dialog.copiedMark')}`,
    audience: new RegExp(`^${escapeRegExp(t(lang, 'registrations:export.presets.mailing.label'))}`),
    header: [
      t(lang, 'mailing:headers.email'),
      t(lang, 'mailing:headers.firstName'),
      t(lang, 'mailing:headers.lastName'),
      t(lang, 'registrations:columns.category'),
    ],
    /** The toast's list of what the file left out, up to the formula-like addresses. */
    leftOut: (n: number) =>
      `${t(lang, 'mailing:leftOut.intro')} ${[
        counted('leftOut.status', n, { statuses }),
        counted('leftOut.missing', 1),
        counted('leftOut.invalid', 2),
      ].join(', ')},`,
    leftOutFormula: `${counted('leftOut.formulaLike', 2)}.`,
  };
}
const TEXT = { en: mailingText('en'), fr: mailingText('fr') };

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** The event's registrations as the app receives them here (the altered addresses included). */
let registrations: RawRegistration[];
/** The addresses given on their way to the app, by registration id. */
let altered: Map<number, string>;

const withAltered = (rows: RawRegistration[]) =>
  rows.map((r) => (altered.has(r.registration_id) ? { ...r, email: altered.get(r.registration_id)! } : r));

/** Every whitespace (no-break spaces included) as one space, for texts in either language. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  const all = await allRegistrations(EVENT_ID);
  // Addresses altered only on rows that are mailed: neither cancelled nor refunded.
  const kept = all.filter((r) => !LEFT_OUT_STATUSES.has(r.payment_status));
  const ids = kept.map((r) => r.registration_id);
  altered = new Map([
    [ids[10]!, '=cmd@example.fr'],
    [ids[20]!, '+tag@example.org'],
    [ids[30]!, ''],
    [ids[40]!, 'not an address'],
    [ids[50]!, 'jo@[192.0.2.1]'],
    [ids[60]!, ' Upper.Case@Example.ORG '],
    [ids[70]!, 'upper.case@example.org'],
  ]);
  registrations = withAltered(all);
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
  page = await browser.newPage();
  problems = watchPage(page);
  await page.route(`**/partner-api/v1/events/${EVENT_ID}/registrations?*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { registrations: RawRegistration[] };
    await route.fulfill({ response, json: { ...body, registrations: withAltered(body.registrations) } });
  });
  await signInAlpine(page, undefined, { syncPaused: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/**
 * A plain loop over the rows shown (not cancelled, in the API's order) that are not refunded:
 * each address without the spaces around it, valid when it is one `@` between a local part of
 * letters, digits and the usual signs and a dotted domain ending in letters; once each, case
 * ignored.
 */
function expectedAddresses() {
  const shown = registrations.filter((r) => r.payment_status !== 'cancelled');
  const rows = shown.filter((r) => r.payment_status !== 'refunded');
  const valid = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
  const seen = new Set<string>();
  const addresses: string[] = [];
  const firstRow = new Map<string, RawRegistration>();
  let missing = 0;
  let invalid = 0;
  for (const r of rows) {
    const address = r.email.trim();
    if (address === '') missing += 1;
    else if (!valid.test(address) || address.includes('..')) invalid += 1;
    else if (!seen.has(address.toLowerCase())) {
      seen.add(address.toLowerCase());
      addresses.push(address);
      firstRow.set(address, r);
    }
  }
  return { rows: shown.length, refunded: shown.length - rows.length, addresses, firstRow, missing, invalid };
}

describe('the mailing hand-off of the rows shown', () => {
  for (const lang of ['en', 'fr'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`copies the unique valid addresses in batches, and writes the audience CSV (${lang}, ${viewport})`, async () => {
        const text = TEXT[lang];
        const registrationsText = REGISTRATIONS_TEXT[lang];
        const expected = expectedAddresses();
        expect(expected.missing).toBe(1);
        expect(expected.invalid).toBe(2);
        expect(expected.addresses).toContain('Upper.Case@Example.ORG');
        expect(expected.addresses).not.toContain('upper.case@example.org');
        await openScreen(lang, viewport);

        await page.getByRole('button', { name: registrationsText.exportMenu, exact: true }).click();
        await page.getByRole('button', { name: text.copy }).click();
        const dialog = page.getByRole('dialog', { name: text.title });
        await dialog.waitFor({ timeout: 30_000 });
        // Focus starts on the first batch's Copy button, the dialog's main action.
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
          .toBe(text.copyBatch(1));
        const said = squash(await dialog.innerText());
        expect(said).toContain(text.summary(expected.addresses.length, expected.rows));
        expect(said).toContain(text.missing(expected.missing));
        expect(said).toContain(text.invalid(expected.invalid));
        expect(said).toContain(squash(text.formulaLike));
        expect(expected.refunded).toBeGreaterThan(0);
        expect(said).toContain(squash(text.leftOutStatus(expected.refunded)));
        for (const address of ['=cmd@example.fr', '+tag@example.org']) expect(said).toContain(address);
        expect(await dialog.getByRole('spinbutton', { name: text.batchSize }).inputValue()).toBe(
          String(BATCH),
        );
        const copyButton = page.getByRole('button', {
          name: new RegExp(`^${text.copyBatch(1).slice(0, -2)}`),
        });
        const buttons = dialog.locator(copyButton);
        const batches = Math.ceil(expected.addresses.length / BATCH);
        // A batch is an item of the list of batches: its range and its Copy button.
        const batchItems = dialog.getByRole('listitem').filter({ has: copyButton });
        expect(batches).toBeGreaterThan(5);
        expect(await buttons.count()).toBe(batches);
        await shoot(page, `mailing-${lang}-${viewport}`, { pointerAway: false });
        await expectNoAxeViolations(page, `Copy e-mail addresses (${lang}, ${viewport})`);

        // Each batch, read back from the clipboard.
        const copied: string[] = [];
        for (let n = 1; n <= batches; n++) {
          await dialog.getByRole('button', { name: text.copyBatch(n), exact: true }).click();
          const size = n < batches ? BATCH : expected.addresses.length - BATCH * (batches - 1);
          await expect
            .poll(async () => squash(await dialog.getByRole('status').innerText()))
            .toBe(squash(text.copied(n, size)));
          const batch = (await page.evaluate(() => navigator.clipboard.readText())).split(', ');
          expect(batch).toHaveLength(size);
          expect(squash(await batchItems.nth(n - 1).innerText())).toContain(text.copiedMark);
          copied.push(...batch);
        }
        expect(copied).toEqual(expected.addresses);
        await shoot(page, `mailing-copied-${lang}-${viewport}`, { pointerAway: false });
        await dialog.getByRole('button', { name: text.close, exact: true }).click();
        await dialog.waitFor({ state: 'detached' });

        // The audience CSV, read back from the download.
        await page.getByRole('button', { name: registrationsText.exportMenu, exact: true }).click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: text.audience }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/-mailing\.csv$/);
        const bytes = await readFile(await download.path());
        // Plain UTF-8, no BOM: Mailchimp and Brevo read it as it is.
        expect(bytes[0]).not.toBe(0xef);
        const [header, ...lines] = Papa.parse<string[]>(bytes.toString('utf8'), {
          skipEmptyLines: true,
        }).data;
        expect(header!.slice(0, 4)).toEqual(text.header);
        expect(header!.length).toBeGreaterThan(4); // the answer columns shown
        const inFile = expected.addresses.filter((address) => !/^[=+-]/.test(address));
        expect(lines.map((line) => line[0])).toEqual(inFile);
        for (const line of lines) {
          const first = expected.firstRow.get(line[0]!)!;
          expect([line[1], line[2]].map((name) => name!.replace(/^'/, ''))).toEqual([
            first.first_name,
            first.last_name,
          ]);
        }
        const toast = squash(
          await page.getByRole('alert').filter({ hasText: text.leftOutFormula }).innerText(),
        );
        expect(toast).toContain(squash(text.leftOut(expected.refunded)));
        expect(toast).toContain(text.leftOutFormula);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[viewport].width,
        );
        problems.expectNone();
      }, 180_000);
    }
  }
});

function openScreen(lang: Lang, viewport: Viewport): Promise<void> {
  return openRegistrations(page, EVENT_ID, {
    lang,
    query: '?notstatus=cancelled',
    total: registrations.length,
    viewport: VIEWPORTS[viewport],
  });
}
