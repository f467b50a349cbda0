import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '@/lib/text-keys';
import type { RawCategory, RawRegistration } from '@/mocks/data/types';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, appUrl, at, localized, signInAlpine, type Lang, VIEWPORTS } from './app';
import {
  closeMenus,
  eventData,
  expectCountLine,
  loadedText,
  openRegistrations,
  setMenu,
  shoot,
} from './steps';
import { LANGS, escapeRegExp, t } from './texts';

/**
 * "Everyone except" and saved views on event 1005 (420 registrations), as a promoter uses them,
 * en/fr, 1366×900 desktop and 390×844 phone: a few registrations come from the API over HTTP
 * with a status the app has never seen ("waitlist", altered on their way), so "not Cancelled"
 * must keep them; the count of rows with a status and a category left out and a search is the
 * one a plain loop over the API's JSON gives; the "not" chips and the URL say so. The view is
 * then saved under a name, the filters cleared, the page reloaded, the view reopened from the
 * Views menu, its link copied (read back from the clipboard) and followed, and the view renamed
 * and deleted. A hand-made link naming a category and a question that do not exist, saved and
 * reopened, opens with what applies and says what was left out. Axe with the menus open and on
 * the notice; screenshots `views-<step>-<lang>-<desktop|phone>.png`.
 */

const EVENT_ID = 1005;
const NEW_STATUS = 'waitlist';
/** What the search box is given: only the e-mail addresses hold it. */
const TERM = 'example.net';
type Viewport = keyof typeof VIEWPORTS;

/** The texts of views.json and the filters of registrations.json. */
const TEXT = Object.fromEntries(
  LANGS.map((lang) => {
    const views = (key: string, name: string) => t(lang, `views:${key}`, { name });
    return [
      lang,
      {
        views: t(lang, 'views:menu'),
        saveCurrent: new RegExp(`^${escapeRegExp(t(lang, 'views:saveCurrent'))}`),
        saveTitle: t(lang, 'views:dialog.saveTitle'),
        name: t(lang, 'views:dialog.name'),
        not: t(lang, 'registrations:filters.not'),
        removeNot: (facet: string, value: string) =>
          t(lang, 'registrations:filters.removeNot', { facet, value }),
        saved: (name: string) => views('notice.saved', name),
        opened: (name: string) => views('notice.opened', name),
        copyLink: (name: string) => views('copyLinkNamed', name),
        linkCopied: (name: string) => views('notice.linkCopied', name),
        rename: (name: string) => views('renameNamed', name),
        renameTitle: t(lang, 'views:dialog.renameTitle'),
        renamed: (name: string) => views('notice.renamed', name),
        delete: (name: string) => views('deleteNamed', name),
        deleteTitle: (name: string) => views('deleteTitle', name),
        deleteConfirm: t(lang, 'views:deleteConfirm'),
        deleted: (name: string) => views('notice.deleted', name),
        /** What a view naming category 999999 and question 999999 says when opened. */
        dropped: (name: string) =>
          t(lang, 'views:notice.dropped', {
            name,
            parts: [
              views('notice.droppedCategory', t(lang, 'common:category.unknown', { id: 999999 })),
              views('notice.droppedColumn', t(lang, 'registrations:questionFallback', { id: 999999 })),
            ].join(', '),
          }),
        newStatus: t(lang, 'registrations:status.unknown', { status: NEW_STATUS }),
      },
    ];
  }),
) as Record<Lang, ViewsText>;

interface ViewsText {
  views: string;
  saveCurrent: RegExp;
  saveTitle: string;
  name: string;
  not: string;
  removeNot(facet: string, value: string): string;
  saved(name: string): string;
  opened(name: string): string;
  copyLink(name: string): string;
  linkCopied(name: string): string;
  rename(name: string): string;
  renameTitle: string;
  renamed(name: string): string;
  delete(name: string): string;
  deleteTitle(name: string): string;
  deleteConfirm: string;
  deleted(name: string): string;
  dropped(name: string): string;
  newStatus: string;
}

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** A registration as the app receives it here: its status may be one the API never documented. */
type Row = Omit<RawRegistration, 'payment_status'> & { payment_status: string | null };
let registrations: Row[];
let categories: RawCategory[];
/** The registrations the API's answers give the status the app has never seen. */
let newStatusIds: Set<number>;

/** The registrations as the app receives them: a few with the new status. */
const withNewStatus = (rows: RawRegistration[]): Row[] =>
  rows.map((r) => (newStatusIds.has(r.registration_id) ? { ...r, payment_status: NEW_STATUS } : r));

beforeAll(async () => {
  const all = await eventData(EVENT_ID);
  categories = all.categories;
  // Every seventh registration that is not cancelled: a status first seen in this test.
  newStatusIds = new Set(
    all.registrations
      .filter((r, index) => index % 7 === 3 && r.payment_status !== 'cancelled')
      .map((r) => r.registration_id),
  );
  registrations = withNewStatus(all.registrations);
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: appUrl });
  page = await browser.newPage();
  problems = watchPage(page);
  await page.route(`**/partner-api/v1/events/${EVENT_ID}/registrations?*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { registrations: RawRegistration[] };
    await route.fulfill({ response, json: { ...body, registrations: withNewStatus(body.registrations) } });
  });
  await signInAlpine(page, undefined, { syncPaused: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Opens a toolbar menu; returns its panel. */
async function openMenu(label: string): Promise<Locator> {
  return (await setMenu(page, label, true)).panel;
}

function openScreen(lang: Lang, viewport: Viewport, query = ''): Promise<void> {
  return openRegistrations(page, EVENT_ID, {
    lang,
    query,
    total: registrations.length,
    viewport: VIEWPORTS[viewport],
  });
}

/** The count line says `shown` of every registration match (or all, for every row). */
function expectCount(lang: Lang, shown: number): Promise<void> {
  return expectCountLine(page, lang, { shown, total: registrations.length });
}

/** The views' notices and the other messages: live statuses. */
const notice = () => page.getByRole('status');

/** The plain loop: not cancelled, not in `category`, and `TERM` in one of the row's texts. */
function expectedCount(category: number | null, term: string | null) {
  let count = 0;
  for (const r of registrations) {
    if (r.payment_status === 'cancelled') continue;
    if (category !== null && r.category_id === category) continue;
    if (term !== null) {
      const text = [r.registration_id, r.first_name, r.last_name, r.email]
        .concat(r.custom_questions.map((answer) => answer.reponse ?? ''))
        .join(' ');
      if (!searchKey(text).includes(term)) continue;
    }
    count += 1;
  }
  return count;
}

const startsWith = (label: string) => new RegExp(`^${escapeRegExp(label)}`);

function shot(name: string, lang: Lang, viewport: Viewport): Promise<void> {
  return shoot(page, `views-${name}-${lang}-${viewport}`, { pointerAway: false });
}

describe('everyone except, and saved views', () => {
  for (const lang of LANGS) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`leaves out a status and a category, saves the view, reopens it and follows its link (${lang}, ${viewport})`, async () => {
        const text = TEXT[lang];
        const registrationsText = REGISTRATIONS_TEXT[lang];
        const viewName = `Not cancelled ${lang} ${viewport}`;
        await openScreen(lang, viewport, '?sort=-last_name&hide=order_id');

        // "not Cancelled": the new status stays in.
        const cancelled = registrationsText.status.cancelled;
        let panel = await openMenu(registrationsText.statusMenu);
        const notCancelled = panel.getByRole('button', { name: `${text.not} ${cancelled}`, exact: true });
        await notCancelled.click();
        await expect.poll(() => notCancelled.getAttribute('aria-pressed')).toBe('true');
        expect(await panel.getByRole('checkbox', { name: startsWith(cancelled) }).isChecked()).toBe(false);
        // The status first seen here is a value of the menu, and stays in.
        await expect(panel.getByRole('checkbox', { name: startsWith(text.newStatus) }).count()).resolves.toBe(
          1,
        );
        await expectCount(lang, expectedCount(null, null));
        expect(expectedCount(null, null)).toBe(
          registrations.filter((r) => r.payment_status !== 'cancelled').length,
        );
        expect([...newStatusIds].length).toBeGreaterThan(5);
        await shot('status-menu', lang, viewport);
        await expectNoAxeViolations(page, `Payment status menu, Cancelled left out (${lang}, ${viewport})`);
        await closeMenus(page);

        // Then the category with the most of the rows left, and a search.
        const counts = new Map<number, number>();
        for (const r of registrations)
          if (r.category_id !== null) counts.set(r.category_id, (counts.get(r.category_id) ?? 0) + 1);
        const category = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
        const categoryName = localized(
          categories.find((c) => c.category_id === category)!,
          'epr_nom',
          lang,
        );
        // With the keyboard: the arrow keys reach its "not" toggle, Space presses it.
        panel = await openMenu(registrationsText.categoryMenu);
        const notCategory = panel.getByRole('button', { name: `${text.not} ${categoryName}`, exact: true });
        const isFocused = () => notCategory.evaluate((element) => element === document.activeElement);
        for (let presses = 0; !(await isFocused()); presses++) {
          expect(presses, 'ArrowDown presses to reach the toggle').toBeLessThan(20);
          await page.keyboard.press('ArrowDown');
        }
        await page.keyboard.press('Space');
        await expect.poll(() => notCategory.getAttribute('aria-pressed')).toBe('true');
        await closeMenus(page);
        await page.getByLabel(registrationsText.search, { exact: true }).fill(TERM);
        const expected = expectedCount(category, TERM);
        expect(expected).toBeGreaterThan(0);
        expect(expected).toBeLessThan(expectedCount(category, null));
        expect(expectedCount(category, null)).toBeLessThan(expectedCount(null, null));
        await expectCount(lang, expected);
        for (const [facet, value] of [
          [registrationsText.statusMenu, cancelled],
          [registrationsText.categoryMenu, categoryName],
        ] as const) {
          await expect(
            page.getByRole('button', { name: text.removeNot(facet, value), exact: true }).count(),
          ).resolves.toBe(1);
        }
        const viewQuery = `q=${TERM}&notcat=${category}&notstatus=cancelled&sort=-last_name&hide=order_id`;
        await page.waitForURL((url) => url.search === `?${viewQuery}`);
        await shot('excluded', lang, viewport);
        await expectNoAxeViolations(page, `"not" chips (${lang}, ${viewport})`);

        // Saved under a name…
        await openMenu(text.views);
        await page.getByRole('button', { name: text.saveCurrent }).click();
        const dialog = page.getByRole('dialog', { name: text.saveTitle });
        const field = dialog.getByRole('textbox', { name: text.name, exact: true });
        await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
        await expectNoAxeViolations(page, `save dialog (${lang}, ${viewport})`);
        await field.fill(viewName);
        await field.press('Enter');
        await notice().getByText(text.saved(viewName), { exact: true }).waitFor();

        // …the filters cleared, the page reloaded, the view reopened from the menu.
        await page.getByRole('button', { name: registrationsText.clearFilters, exact: true }).first().click();
        await expectCount(lang, registrations.length);
        await page.waitForURL((url) => url.search === '?sort=-last_name&hide=order_id');
        await page.reload();
        await loadedText(page, lang, registrations.length).waitFor({ timeout: 30_000 });
        await expectCount(lang, registrations.length);
        panel = await openMenu(text.views);
        await panel.getByRole('button', { name: viewName, exact: true }).click();
        await expectCount(lang, expected);
        await page.waitForURL((url) => url.search === `?${viewQuery}`);
        await notice().getByText(text.opened(viewName), { exact: true }).waitFor();
        expect(await page.getByLabel(registrationsText.search, { exact: true }).inputValue()).toBe(TERM);
        panel = await openMenu(text.views);
        await expect(
          panel.getByRole('button', { name: `${viewName} (`, exact: false }).getAttribute('aria-current'),
        ).resolves.toBe('true');
        await shot('menu', lang, viewport);
        await expectNoAxeViolations(page, `Views menu (${lang}, ${viewport})`);

        // Its link, from the clipboard, opens the same view.
        await panel.getByRole('button', { name: text.copyLink(viewName), exact: true }).click();
        await notice().getByText(text.linkCopied(viewName), { exact: true }).waitFor();
        const link = await page.evaluate(() => navigator.clipboard.readText());
        expect(link).toBe(at(`/events/${EVENT_ID}/registrations?${viewQuery}`));
        await page.goto(at(`/events/${EVENT_ID}/registrations`));
        await expectCount(lang, registrations.length);
        await page.goto(link);
        await loadedText(page, lang, registrations.length).waitFor({ timeout: 30_000 });
        await expectCount(lang, expected);
        await expect(
          page.getByRole('button', { name: text.removeNot(registrationsText.statusMenu, cancelled) }).count(),
        ).resolves.toBe(1);

        // Renamed, then deleted.
        const renamed = `${viewName} (2)`;
        panel = await openMenu(text.views);
        await panel.getByRole('button', { name: text.rename(viewName), exact: true }).click();
        const renameField = page
          .getByRole('dialog', { name: text.renameTitle })
          .getByRole('textbox', { name: text.name, exact: true });
        await renameField.fill(renamed);
        await renameField.press('Enter');
        await notice().getByText(text.renamed(renamed), { exact: true }).waitFor();
        panel = await openMenu(text.views);
        await panel.getByRole('button', { name: text.delete(renamed), exact: true }).click();
        const question = page.getByRole('alertdialog', { name: text.deleteTitle(renamed) });
        await expectNoAxeViolations(page, `delete question (${lang}, ${viewport})`);
        await question.getByRole('button', { name: text.deleteConfirm, exact: true }).click();
        await notice().getByText(text.deleted(renamed), { exact: true }).waitFor();
        panel = await openMenu(text.views);
        expect(await panel.getByRole('button', { name: renamed, exact: true }).count()).toBe(0);
        await closeMenus(page);

        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          VIEWPORTS[viewport].width,
        );
        problems.expectNone();
      }, 180_000);
    }

    it(`opens a saved view whose category and question are gone with what applies, and says what was dropped (${lang})`, async () => {
      const text = TEXT[lang];
      const name = `Gone ${lang}`;
      // A hand-made link: a category and a question this event does not have.
      await openScreen(lang, 'desktop', '?notcat=999999&hide=q:999999&sort=last_name');
      await openMenu(text.views);
      await page.getByRole('button', { name: text.saveCurrent }).click();
      const field = page
        .getByRole('dialog', { name: text.saveTitle })
        .getByRole('textbox', { name: text.name });
      await field.fill(name);
      await field.press('Enter');
      await notice().getByText(text.saved(name), { exact: true }).waitFor();
      const panel = await openMenu(text.views);
      // The view on screen is this one: its name is followed by "(shown now)".
      await panel.getByRole('button', { name: startsWith(name) }).click();
      await notice().getByText(text.dropped(name), { exact: true }).waitFor();
      await page.waitForURL((url) => url.search === '?sort=last_name');
      await expectCount(lang, registrations.length);
      await shot('dropped', lang, 'desktop');
      await expectNoAxeViolations(page, `dropped notice (${lang})`);
      problems.expectNone();
    }, 120_000);
  }
});
