import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, at, eventCardNames, signInAlpine, switchLanguage, type Lang } from './app';
import { closeMenus, menuButton, openRegistrations, setMenu, settled, shoot } from './steps';
import { LANGS, escapeRegExp, t } from './texts';

/**
 * The toolbar's menus stay attached to their button: when the toolbar reflows (ticking a
 * category adds "Clear filters"), when the page scrolls on a phone, and every option of every
 * menu can be reached and used on a 390 px and a 360 px phone. Also: the header's product
 * name is read whole on a 360 px phone. En and fr; screenshots into test-results/screenshots/.
 */

const EVENT = { id: 1003, total: 45 } as const;
const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  'phone-390': { width: 390, height: 844 },
  'phone-360': { width: 360, height: 740 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
const PHONES = ['phone-390', 'phone-360'] as const satisfies ViewportName[];
/** The panel sits 4 px from its button (menu.css, --menu-gap); a little slack for rounding. */
const GAP_PX = 4;
const SLACK_PX = 2;
/** menu.css's phone layout applies up to 36rem. */
const PHONE_MAX_PX = 576;
/** The window.name of a tab that pretends to have no CSS anchor positioning. */
const FALLBACK_TAB = 'menus-without-anchor-positioning';
/** The print dialogs' "Print", in either language. */
const PRINT = new RegExp(
  `^(${LANGS.map((lang) => escapeRegExp(t(lang, 'registrations:printDialog.print'))).join('|')})$`,
);
/** What the app calls itself, the accessible name of the header's link. */
const appName = (lang: Lang) => t(lang, 'common:appName');

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  await signInAlpine(page);
  // The fallback's run (see the last describe): this tab's window.name asks for a browser
  // without anchor positioning, from its first script on.
  await page.addInitScript((fallbackTab: string) => {
    if (window.name !== fallbackTab) return;
    const supports = CSS.supports.bind(CSS);
    CSS.supports = (condition: string, value?: string) =>
      !`${condition}${value ?? ''}`.includes('anchor') &&
      (value === undefined ? supports(condition) : supports(condition, value));
  }, FALLBACK_TAB);
  // The real print dialog would block the page: count the calls instead.
  await page.addInitScript(() => {
    const counted = window as Window & { printCalls?: number };
    counted.printCalls = 0;
    window.print = () => {
      counted.printCalls = (counted.printCalls ?? 0) + 1;
    };
  });
});

afterAll(async () => {
  await browser?.close();
});

/** Event 1003's registrations on this viewport, in this language, all 45 loaded. */
function openEventRegistrations(lang: Lang, viewport: ViewportName): Promise<void> {
  return openRegistrations(page, EVENT.id, { lang, total: EVENT.total, viewport: VIEWPORTS[viewport] });
}

function slug(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[^A-Za-z]+/g, '-')
    .toLowerCase();
}

/** Opens a toolbar menu and waits until the browser has placed it. */
async function openMenu(label: string): Promise<{ button: Locator; panel: Locator }> {
  const opened = await setMenu(page, label, true);
  await settled(page);
  return opened;
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box: the element is not rendered');
  return found;
}

/**
 * Checks the panel touches its button: just below it (or just above, when the menu opened
 * upwards), sharing an edge with it, and inside the window.
 */
async function expectAttached(button: Locator, panel: Locator, label: string): Promise<void> {
  const [b, p] = [await box(button), await box(panel)];
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const below = p.y - (b.y + b.height);
  const above = b.y - (p.y + p.height);
  const gap = Math.abs(below - GAP_PX) < Math.abs(above - GAP_PX) ? below : above;
  const detail = `${label}: button ${JSON.stringify(b)}, panel ${JSON.stringify(p)}`;
  expect(Math.abs(gap - GAP_PX), `gap to the button, ${detail}`).toBeLessThanOrEqual(SLACK_PX);
  if (viewport.width > PHONE_MAX_PX) {
    const sharedEdge = Math.min(Math.abs(p.x - b.x), Math.abs(p.x + p.width - (b.x + b.width)));
    expect(sharedEdge, `lined up with the button's start or end, ${detail}`).toBeLessThanOrEqual(SLACK_PX);
  } else {
    // A phone's menu spans the screen, 8 px from each edge, across its button.
    expect(p.x, detail).toBeCloseTo(8, 0);
    expect(viewport.width - (p.x + p.width), detail).toBeCloseTo(8, 0);
  }
  expect(
    Math.min(p.x + p.width, b.x + b.width) - Math.max(p.x, b.x),
    `across the button, ${detail}`,
  ).toBeGreaterThan(0);
  expect(p.x, detail).toBeGreaterThanOrEqual(0);
  expect(p.y, detail).toBeGreaterThanOrEqual(0);
  expect(p.x + p.width, detail).toBeLessThanOrEqual(viewport.width);
  expect(p.y + p.height, detail).toBeLessThanOrEqual(viewport.height);
}

/**
 * Opens the Export menu with its button in the middle of the screen, then scrolls the page
 * under it: the menu still touches its button. Screenshots before and after the scroll.
 */
async function exportWhileScrolling(lang: Lang, viewport: string): Promise<void> {
  const exportButton = menuButton(page, REGISTRATIONS_TEXT[lang].exportMenu);
  await exportButton.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const { panel } = await openMenu(REGISTRATIONS_TEXT[lang].exportMenu);
  await expectAttached(exportButton, panel, `${lang} ${viewport}, Export open`);
  await shoot(page, `menus-export-${lang}-${viewport}`, { pointerAway: false });
  const before = await box(exportButton);
  await page.evaluate(() => window.scrollBy(0, 160));
  await settled(page);
  const after = await box(exportButton);
  expect(before.y - after.y, 'the page scrolled under the open menu').toBeGreaterThan(100);
  expect(await panel.evaluate((element) => element.matches(':popover-open'))).toBe(true);
  await expectAttached(exportButton, panel, `${lang} ${viewport}, Export after scrolling`);
  await shoot(page, `menus-export-scrolled-${lang}-${viewport}`, { pointerAway: false });
}

/**
 * Ticks the first category with its menu open: "Clear filters" appears and the toolbar
 * reflows; the menu must still touch its button. Clears the filter again. Returns where the
 * button was before and after.
 */
async function tickCategory(lang: Lang, screenshot: string): Promise<{ before: Box; after: Box }> {
  const text = REGISTRATIONS_TEXT[lang];
  const clear = page.getByRole('button', { name: text.clearFilters, exact: true });
  expect(await clear.count()).toBe(0);
  const { button, panel } = await openMenu(text.categoryMenu);
  await expectAttached(button, panel, `${lang} ${screenshot}, Category menu open`);
  const before = await box(button);
  await panel.getByRole('checkbox').first().check();
  await clear.waitFor();
  await settled(page);
  const after = await box(button);
  expect(await panel.evaluate((element) => element.matches(':popover-open'))).toBe(true);
  await expectAttached(button, panel, `${lang} ${screenshot}, after ticking a category`);
  await shoot(page, `menus-category-ticked-${lang}-${screenshot}`, { pointerAway: false });
  await closeMenus(page);
  await clear.click();
  await expect.poll(() => clear.count()).toBe(0);
  return { before, after };
}

describe('menus stay attached to their button', () => {
  it.each(LANGS)(
    'desktop 1366×900 (%s): the Category menu follows its button when "Clear filters" appears',
    async (lang) => {
      await openEventRegistrations(lang, 'desktop');
      const { before, after } = await tickCategory(lang, 'desktop');
      // The reflow this guards against: on this window the search box gives way to the new button.
      expect(
        Math.abs(after.x - before.x) + Math.abs(after.y - before.y),
        'the Category button moved',
      ).toBeGreaterThan(10);
      problems.expectNone();
    },
  );

  for (const viewport of PHONES) {
    describe(viewport, () => {
      it.each(LANGS)(
        '%s: Category after a tick, Export while the page scrolls, axe with menus open',
        async (lang) => {
          const text = REGISTRATIONS_TEXT[lang];
          await openEventRegistrations(lang, viewport);
          await tickCategory(lang, viewport);

          await exportWhileScrolling(lang, viewport);
          await expectNoAxeViolations(page, `registrations, Export menu open (${lang}, ${viewport})`);
          await closeMenus(page);

          await openMenu(text.categoryMenu);
          await expectNoAxeViolations(page, `registrations, Category menu open (${lang}, ${viewport})`);
          await closeMenus(page);
          problems.expectNone();
        },
      );

      it.each(LANGS)('%s: every option of every toolbar menu can be reached and used', async (lang) => {
        const text = REGISTRATIONS_TEXT[lang];
        await openEventRegistrations(lang, viewport);
        const viewportSize = VIEWPORTS[viewport];
        for (const label of [text.categoryMenu, text.statusMenu, text.columnsMenu, text.exportMenu]) {
          // The lowest a button sits on this screen: the menu must still show all of its options.
          await menuButton(page, label).evaluate((element) => element.scrollIntoView({ block: 'end' }));
          let { button, panel } = await openMenu(label);
          await shoot(page, `menus-open-${slug(label)}-${lang}-${viewport}`, { pointerAway: false });
          const count = await panel.locator('input, button').count();
          expect(count, `${label} has options`).toBeGreaterThan(0);
          for (let index = 0; index < count; index += 1) {
            if (!(await panel.evaluate((element) => element.matches(':popover-open')))) {
              ({ button, panel } = await openMenu(label));
            }
            const item = panel.locator('input, button').nth(index);
            await item.scrollIntoViewIfNeeded();
            const where = `${lang} ${viewport}, ${label}, option ${index + 1} of ${count}`;
            const itemBox = await box(item);
            expect(itemBox.y, where).toBeGreaterThanOrEqual(0);
            expect(itemBox.y + itemBox.height, where).toBeLessThanOrEqual(viewportSize.height);
            expect(itemBox.x + itemBox.width, where).toBeLessThanOrEqual(viewportSize.width);
            // Nothing covers it: a tap at its middle lands on it.
            expect(
              await item.evaluate((element) => {
                const rect = element.getBoundingClientRect();
                const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
                return (
                  hit !== null &&
                  (element.contains(hit) || hit.contains(element) || hit === element.closest('label'))
                );
              }),
              where,
            ).toBe(true);
            await expectAttached(button, panel, where);
            if (await item.isDisabled()) continue;
            await activate(item, where);
          }
          if (await panel.evaluate((element) => element.matches(':popover-open'))) await closeMenus(page);
          if (label === text.exportMenu) {
            await shoot(page, `menus-after-print-${lang}-${viewport}`, { pointerAway: false });
          }
        }
        problems.expectNone();
      });
    });
  }
});

/**
 * Uses one option: a checkbox is ticked and unticked again, a facet value's "not" toggle
 * pressed and released (the view stays as it was), an export saves a file, "Print the
 * check-in list…" and "Print labels…" call the print dialog from theirs, "Copy e-mail
 * addresses…" opens its dialog (closed again).
 */
async function activate(item: Locator, where: string): Promise<void> {
  if ((await item.getAttribute('type')) === 'checkbox') {
    const checked = await item.isChecked();
    await item.click();
    await expect.poll(() => item.isChecked(), { message: where }).toBe(!checked);
    await item.click();
    await expect.poll(() => item.isChecked(), { message: where }).toBe(checked);
    return;
  }
  const pressed = await item.getAttribute('aria-pressed');
  if (pressed !== null) {
    await item.click();
    await expect.poll(() => item.getAttribute('aria-pressed'), { message: where }).not.toBe(pressed);
    await item.click();
    await expect.poll(() => item.getAttribute('aria-pressed'), { message: where }).toBe(pressed);
    return;
  }
  const label = (await item.innerText()).split('\n')[0] ?? '';
  const printed = () => page.evaluate(() => (window as Window & { printCalls?: number }).printCalls ?? 0);
  if (/print|imprimer/i.test(label)) {
    // The check-in list and the labels ask their choices first: print as they stand.
    const before = await printed();
    await item.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: PRINT, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(printed, { message: where }).toBe(before + 1);
    return;
  }
  if (/e-mail/.test(label)) {
    // "Copy e-mail addresses…" opens its dialog over the page; Escape closes it.
    await item.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    return;
  }
  if (/CSV|Excel/.test(label)) {
    const download = page.waitForEvent('download');
    await item.click();
    expect((await download).suggestedFilename(), where).toMatch(/\.(csv|xlsx)$/);
    return;
  }
  // A "clear" or "show all" button: nothing is filtered or hidden once the checkboxes are back.
  await item.click();
}

describe('without CSS anchor positioning (place-below.ts follows the button)', () => {
  beforeAll(async () => {
    await page.evaluate((name) => {
      window.name = name;
    }, FALLBACK_TAB);
  });
  afterAll(async () => {
    await page.evaluate(() => {
      window.name = '';
    });
  });

  it('desktop: the Category menu follows its button when "Clear filters" appears', async () => {
    await openEventRegistrations('en', 'desktop');
    expect(await page.evaluate(() => CSS.supports('anchor-name: --a'))).toBe(false);
    const { before, after } = await tickCategory('en', 'desktop-fallback');
    expect(Math.abs(after.x - before.x) + Math.abs(after.y - before.y)).toBeGreaterThan(10);
    // The class that asks CSS to place the panel: without anchor positioning, none has it.
    expect(await page.locator('.menu__panel--anchored').count()).toBe(0);
    problems.expectNone();
  });

  it.each(PHONES)('%s: Category after a tick, Export while the page scrolls', async (viewport) => {
    await openEventRegistrations('fr', viewport);
    await tickCategory('fr', `${viewport}-fallback`);
    await exportWhileScrolling('fr', `${viewport}-fallback`);
    await closeMenus(page);
    problems.expectNone();
  });
});

describe('header on a 360 px phone', () => {
  it.each(LANGS)(
    '%s: the product name is read whole, the full name stays its accessible name',
    async (lang) => {
      await page.setViewportSize(VIEWPORTS['phone-360']);
      await page.goto(at('/events'));
      await switchLanguage(page, lang);
      await eventCardNames(page).first().waitFor();
      // The part of the header's link that shows the name (no role of its own).
      const name = page
        .getByRole('banner')
        .getByRole('link', { name: appName(lang) })
        .locator('.app-header__name');
      const fits = await name.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
      }));
      expect(fits.scroll, `${lang}: ${JSON.stringify(fits)}`).toBeLessThanOrEqual(fits.client);
      expect(fits.client).toBeGreaterThan(30);
      await page.getByRole('link', { name: appName(lang), exact: true }).waitFor();
      await expect.poll(() => page.title()).toContain(appName(lang));
      await shoot(page, `menus-header-${lang}-360`, {
        clip: { x: 0, y: 0, width: 360, height: 120 },
        pointerAway: false,
      });
      await expectNoAxeViolations(page, `events at 360 px (${lang})`);
    },
  );
});
