import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, at, signInAlpine, switchLanguage, type Lang, VIEWPORTS } from './app';
import { LEFT_OUT_STATUSES, allRegistrations, countLine, shoot } from './steps';
import { LANGS, escapeRegExp, formatCount, t } from './texts';

/**
 * The event page's Editions section, as a promoter uses it: the suggested previous edition
 * of 1002 "Trail des Aiguilles" (1040 "Trail des Aiguilles 2025") confirmed, returning, new
 * and lapsed equal to a recount of both lists from the demo API's JSON with plain loops, the
 * lapsed list opened as the previous edition's table and exported as a mailing audience CSV,
 * read back from the download. en/fr, 1366×900 desktop and 390×844 phone, axe clean.
 * Screenshots `editions-<lang>-<desktop|phone>.png` and `editions-lapsed-<lang>-<viewport>.png`.
 */

const CURRENT = 1002;
const PREVIOUS = 1040;

/** The previous edition's name, and this one's (src/mocks/data/catalog.ts). */
const PREVIOUS_NAME = 'Trail des Aiguilles 2025';
const CURRENT_NAME = 'Trail des Aiguilles';

/** The texts of editions.json (as the panel's text reads once squashed, see below). */
function editionsText(lang: Lang) {
  return {
    tab: t(lang, 'editions:title'),
    suggested: squash(`${t(lang, 'editions:suggested')} ${PREVIOUS_NAME}`),
    confirm: t(lang, 'editions:confirm'),
    linked: squash(`${t(lang, 'editions:linked')} ${PREVIOUS_NAME}`),
    figures: t(lang, 'editions:figures.label'),
    names: (['returning', 'new', 'lapsed'] as const).map((name) => t(lang, `editions:figures.${name}`)),
    chip: t(lang, 'editions:chip.lapsed', { event: CURRENT_NAME }),
    mailing: t(lang, 'registrations:export.presets.mailing.label'),
    header: [
      t(lang, 'mailing:headers.email'),
      t(lang, 'mailing:headers.firstName'),
      t(lang, 'mailing:headers.lastName'),
      t(lang, 'registrations:columns.category'),
    ].join(','),
  };
}

/** Whitespace as one space, and none before a colon (French puts a no-break space there). */
function squash(value: string | null): string {
  return (value ?? '').replace(/\s+/g, ' ').replace(/\s:/g, ':');
}

const TEXT = { en: editionsText('en'), fr: editionsText('fr') };

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let expected: { returning: number; new: number; lapsed: RawRegistration[] };

/** The README's rule, counted with plain loops over the API's JSON (not the app's code). */
function recountEditions(now: RawRegistration[], before: RawRegistration[]) {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  const counted = (rows: RawRegistration[]) => rows.filter((r) => !LEFT_OUT_STATUSES.has(r.payment_status));
  const family = new Set<string>();
  for (const rows of [counted(now), counted(before)]) {
    const firstName: Record<string, string> = {};
    for (const r of rows) {
      const email = r.email.trim().toLowerCase();
      if (email === '') continue;
      const name = fold(r.first_name + r.last_name);
      if (firstName[email] === undefined) firstName[email] = name;
      else if (firstName[email] !== name) family.add(email);
    }
  }
  const people = (rows: RawRegistration[]) => {
    const byKey: Record<string, RawRegistration> = {};
    for (const r of rows) {
      const email = r.email.trim().toLowerCase();
      const name = fold(r.first_name + r.last_name);
      const key = email === '' ? `n ${name}` : family.has(email) ? `e ${email} ${name}` : `e ${email}`;
      if (!byKey[key] || byKey[key].registration_id < r.registration_id) byKey[key] = r;
    }
    return Object.values(byKey).sort((a, b) => a.registration_id - b.registration_id);
  };
  const nowPeople = people(counted(now));
  const beforePeople = people(counted(before));
  const matchedBefore = new Set<RawRegistration>();
  let returning = 0;
  const key = (r: RawRegistration) => {
    const email = r.email.trim().toLowerCase();
    return family.has(email) ? `${email} ${fold(r.first_name + r.last_name)}` : email;
  };
  const unmatchedNow: RawRegistration[] = [];
  for (const p of nowPeople) {
    const q =
      p.email.trim() === ''
        ? undefined
        : beforePeople.find((b) => b.email.trim() !== '' && key(b) === key(p));
    if (q) {
      matchedBefore.add(q);
      returning++;
    } else unmatchedNow.push(p);
  }
  for (const p of unmatchedNow) {
    const name = fold(p.first_name + p.last_name);
    if (name === '') continue;
    const q = beforePeople.find(
      (b) =>
        !matchedBefore.has(b) &&
        fold(b.first_name + b.last_name) === name &&
        (p.email.trim() === '' || b.email.trim() === ''),
    );
    if (q) {
      matchedBefore.add(q);
      returning++;
    }
  }
  return {
    returning,
    new: nowPeople.length - returning,
    lapsed: beforePeople.filter((b) => !matchedBefore.has(b)),
  };
}

beforeAll(async () => {
  const [now, before] = await Promise.all([allRegistrations(CURRENT), allRegistrations(PREVIOUS)]);
  expected = recountEditions(now, before);
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('editions of an event', () => {
  let first = true;
  for (const lang of LANGS) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`links the previous edition, counts returning, new and lapsed, and exports the lapsed (${lang}, ${viewport})`, async () => {
        const text = TEXT[lang];
        await page.setViewportSize(VIEWPORTS[viewport]);
        // A new load each time: after the first, the link comes from the copy on this device.
        await page.goto(at(`/events/${CURRENT}#editions`));
        await switchLanguage(page, lang);
        const panel = page.getByRole('tabpanel');
        await panel
          .getByRole('heading', { level: 2, name: text.tab, exact: true })
          .waitFor({ timeout: 30_000 });
        if (first) {
          await expect.poll(async () => squash(await panel.textContent())).toContain(text.suggested);
          await panel.getByRole('button', { name: text.confirm, exact: true }).click();
          first = false;
        }
        await expect.poll(async () => squash(await panel.textContent())).toContain(text.linked);

        // The figures: a description list named by its aria-label (a <dl> has no role to find it by).
        const list = page.locator(`dl[aria-label="${text.figures}"]`);
        await list.waitFor({ timeout: 30_000 });
        const figures = list.getByRole('definition');
        const values = (await figures.allInnerTexts()).map((value) => value.trim());
        expect(values).toEqual([
          formatCount(expected.returning, lang),
          formatCount(expected.new, lang),
          formatCount(expected.lapsed.length, lang),
        ]);
        const share = expected.returning / (expected.returning + expected.new);
        expect(share).toBeGreaterThan(0.25);
        expect(share).toBeLessThan(0.35);
        for (const [index, name] of text.names.entries())
          expect(await list.getByRole('term').nth(index).innerText()).toContain(name);
        const links = list.getByRole('link');
        expect(await links.nth(0).getAttribute('href')).toBe(
          `/events/${CURRENT}/registrations?edition=returning&vs=${PREVIOUS}`,
        );
        expect(await links.nth(1).getAttribute('href')).toBe(
          `/events/${CURRENT}/registrations?edition=new&vs=${PREVIOUS}`,
        );
        expect(await links.nth(2).getAttribute('href')).toBe(
          `/events/${PREVIOUS}/registrations?edition=lapsed&vs=${CURRENT}`,
        );

        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[viewport].width,
        );
        await shoot(page, `editions-${lang}-${viewport}`, { fullPage: true, pointerAway: false });
        await expectNoAxeViolations(page, `editions section (${lang}, ${viewport})`);

        // The lapsed: the previous edition's table, filtered against this one.
        await links.nth(2).click();
        await page.waitForURL((url) => url.pathname === `/events/${PREVIOUS}/registrations`);
        const chip = page.getByRole('button', { name: new RegExp(escapeRegExp(text.chip)) });
        await chip.waitFor({ timeout: 30_000 });
        const registrations = REGISTRATIONS_TEXT[lang];
        await countLine(page)
          .filter({ hasText: formatCount(expected.lapsed.length, lang) })
          .waitFor({ timeout: 30_000 });
        await shoot(page, `editions-lapsed-${lang}-${viewport}`, { pointerAway: false });
        await expectNoAxeViolations(page, `lapsed list (${lang}, ${viewport})`);

        // Exported as a mailing audience: e-mail, first name, last name, last category and the
        // answers shown, one line per address (trimmed, once each; the rows without one left out).
        await page.getByRole('button', { name: registrations.exportMenu, exact: true }).click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: new RegExp(`^${escapeRegExp(text.mailing)}`) }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/-mailing\.csv$/);
        const csv = (await readFile(await download.path())).toString('utf8');
        const lines = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
        expect(lines[0]!.join(',').startsWith(`${text.header},`)).toBe(true);
        const addresses = [
          ...new Set(expected.lapsed.map((r) => r.email.trim().toLowerCase()).filter(Boolean)),
        ];
        expect(lines).toHaveLength(addresses.length + 1);
        const emails = lines
          .slice(1)
          .map((line) => line[0]!.toLowerCase())
          .sort();
        expect(emails).toEqual(addresses.sort());
        problems.expectNone();
      }, 120_000);
    }
  }
});
