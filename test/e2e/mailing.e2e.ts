import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import {
  REGISTRATIONS_TEXT,
  apiGet,
  appUrl,
  at,
  formatCount,
  signInAlpine,
  switchLanguage,
  type Lang,
  SCREENSHOT_DIR,
  VIEWPORTS,
} from './app';

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
const TEXT = {
  en: {
    copy: /^Copy e-mail addresses…/,
    title: 'Copy e-mail addresses',
    summary: (n: number, rows: number) => `${n} addresses, each once, from the ${rows} rows shown.`,
    missing: (n: number) => `${n} row${n === 1 ? ' has' : 's have'} no address.`,
    invalid: (n: number) => `${n} row${n === 1 ? ' has' : 's have'} an invalid address.`,
    formulaLike: '2 addresses start with =, + or -.',
    leftOutStatus: (n: number) =>
      `Registrations with the status Cancelled or Refunded are left out: ${n} of the rows shown.`,
    batchSize: 'Addresses per batch',
    copyBatch: (n: number) => `Copy batch ${n}`,
    copied: (n: number, count: number) => `Batch ${n} copied: ${count} addresses.`,
    close: 'Close',
    copiedMark: '✓ Copied',
    audience: /^Mailing audience \(CSV\)/,
    header: ['EMAIL', 'FIRSTNAME', 'LASTNAME', 'Category'],
    leftOut: (n: number) =>
      `Left out of the file: ${n} with the status Cancelled or Refunded, 1 row without an address, 2 with an invalid address,`,
    leftOutFormula: '2 addresses starting with =, + or - (listed by Copy e-mail addresses).',
  },
  fr: {
    copy: /^Copier les adresses e-mail…/,
    title: 'Copier les adresses e-mail',
    summary: (n: number, rows: number) => `${n} adresses, chacune une fois, des ${rows} lignes affichées.`,
    missing: (n: number) => (n === 1 ? '1 ligne n’a pas d’adresse.' : `${n} lignes n’ont pas d’adresse.`),
    invalid: (n: number) =>
      n === 1 ? '1 ligne a une adresse invalide.' : `${n} lignes ont une adresse invalide.`,
    formulaLike: '2 adresses commencent par =, + ou -.',
    leftOutStatus: (n: number) =>
      `Les inscriptions au statut Annulé ou Remboursé sont laissées de côté : ${n} des lignes affichées.`,
    batchSize: 'Adresses par lot',
    copyBatch: (n: number) => `Copier le lot ${n}`,
    copied: (n: number, count: number) => `Lot ${n} copié : ${count} adresses.`,
    close: 'Fermer',
    copiedMark: '✓ Copié',
    audience: /^Liste de diffusion \(CSV\)/,
    header: ['EMAIL', 'PRENOM', 'NOM', 'Catégorie'],
    leftOut: (n: number) =>
      `Laissées hors du fichier : ${n} au statut Annulé ou Remboursé, 1 ligne sans adresse, 2 avec une adresse invalide,`,
    leftOutFormula: '2 adresses commençant par =, + ou - (listées par Copier les adresses e-mail).',
  },
} as const satisfies Record<Lang, unknown>;

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
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const { registrations: all } = await apiGet<{ registrations: RawRegistration[] }>(
    `/v1/events/${EVENT_ID}/registrations?page=1&per_page=1000`,
  );
  // Addresses altered only on rows that are mailed: neither cancelled nor refunded.
  const kept = all.filter((r) => r.payment_status !== 'cancelled' && r.payment_status !== 'refunded');
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
function recount() {
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
        const expected = recount();
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
        expect(said).toContain(text.formulaLike);
        expect(expected.refunded).toBeGreaterThan(0);
        expect(said).toContain(squash(text.leftOutStatus(expected.refunded)));
        for (const address of ['=cmd@example.fr', '+tag@example.org']) expect(said).toContain(address);
        expect(await dialog.getByRole('spinbutton', { name: text.batchSize }).inputValue()).toBe(
          String(BATCH),
        );
        const buttons = dialog.getByRole('button', {
          name: new RegExp(`^${text.copyBatch(1).slice(0, -2)}`),
        });
        const batches = Math.ceil(expected.addresses.length / BATCH);
        expect(batches).toBeGreaterThan(5);
        expect(await buttons.count()).toBe(batches);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `mailing-${lang}-${viewport}.png`) });
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
          expect(
            squash(
              await dialog
                .locator('.mailing-dialog__batch')
                .nth(n - 1)
                .innerText(),
            ),
          ).toContain(text.copiedMark);
          copied.push(...batch);
        }
        expect(copied).toEqual(expected.addresses);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `mailing-copied-${lang}-${viewport}.png`) });
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
        const toast = squash(await page.locator('.toast').innerText());
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

async function openScreen(lang: Lang, viewport: Viewport) {
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.goto(at(`/events/${EVENT_ID}/registrations?notstatus=cancelled`));
  await switchLanguage(page, lang);
  await page
    .getByText(REGISTRATIONS_TEXT[lang].loaded(formatCount(registrations.length, lang)))
    .waitFor({ timeout: 30_000 });
}
