import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import {
  type BrowserHandle,
  launchBrowser,
  type PageProblems,
  recordCspViolations,
  watchPage,
} from './browser';
import {
  EVENT_SECTIONS,
  SECTIONS_TEXT,
  at,
  formatCount,
  signInAlpine,
  switchLanguage,
  type EventSection,
  type Lang,
} from './app';
import {
  allRegistrations,
  expectNoPageOverflow as expectNoOverflow,
  openEvent as openEventPage,
  shoot as shootPage,
} from './steps';
import { t } from './texts';

/**
 * The event page's sections (overview, answers, orders, possible duplicates) as WAI-ARIA tabs:
 * one Tab stop, arrows/Home/End that move and select, the section in the URL's hash (deep
 * links, unknown hash = overview), a visible focus ring, tabs that fit or scroll on a phone
 * without widening the page, axe on every section (en/fr, light/dark, desktop/phone), the
 * insights worker computing the figures without a CSP violation, and the height of the
 * default section for the 25,000-registration event. Screenshots for a human to look at.
 */

/** 45 registrations with every tricky answer: every section has content. */
const EVENT = { id: 1003, total: 45 } as const;
/** 25,000 registrations, in pages: the worker has real work to do. */
const LARGE_EVENT = { id: 1001, total: 25_000 } as const;
const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 390, height: 844 },
  smallPhone: { width: 360, height: 740 },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
const LANGS: Lang[] = ['en', 'fr'];
/**
 * The control just before the tabs: the checkpoint of "What changed" (registrations.json,
 * changes.since), the card's last control while nothing changed since; on the first visit,
 * which has no "What changed" card, the load banner's "Verify the whole list" (load.verify).
 */
const BEFORE_TABS = {
  en: { since: t('en', 'registrations:changes.since'), verify: t('en', 'registrations:load.verify') },
  fr: { since: t('fr', 'registrations:changes.since'), verify: t('fr', 'registrations:load.verify') },
} as const;

/** The control just before the tabs, whichever of the two the page shows now. */
async function controlBeforeTabs(lang: Lang): Promise<Locator> {
  const since = page.getByRole('combobox', { name: BEFORE_TABS[lang].since, exact: true });
  await page.getByRole('tablist').waitFor();
  return (await since.count()) > 0
    ? since
    : page.getByRole('button', { name: BEFORE_TABS[lang].verify, exact: true });
}
/** Non-text contrast (WCAG 1.4.11) a focus ring needs against what is behind it. */
const MIN_FOCUS_CONTRAST = 3;

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
/** CSP violations since the last call. */
let cspViolations: () => Promise<string[]>;
/** Dedicated workers the page started, by script URL. */
const workers: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  cspViolations = await recordCspViolations(page);
  page.on('worker', (worker) => workers.push(worker.url()));
  problems = watchPage(page);
  await signInAlpine(page);
});
afterAll(async () => {
  await browser?.close();
});

function tablist(lang: Lang): Locator {
  return page.getByRole('tablist', { name: SECTIONS_TEXT[lang].tablist, exact: true });
}

const UNCOUNTED: readonly EventSection[] = ['overview', 'merch', 'checks', 'editions'];

/** A tab by its whole accessible name: the section's name, then its count if it has one. */
function tab(section: EventSection, lang: Lang): Locator {
  const name = SECTIONS_TEXT[lang].tabs[section];
  // "Orders 21,941", "Commandes 21 941" (a narrow no-break space, or a space once normalized);
  // the overview, the merch order, the checks and the editions have no count.
  const pattern = UNCOUNTED.includes(section) ? `^${name}$` : `^${name} \\d[\\d,\\s\\u202f\\u00a0]*$`;
  return tablist(lang).getByRole('tab', { name: new RegExp(pattern) });
}

function panel(): Locator {
  return page.getByRole('tabpanel');
}

/** Opens the event page on a full load (never a same-document hash change) and waits for the final figures. */
function openEvent(hash: string, lang: Lang, event: { id: number; total: number } = EVENT): Promise<void> {
  return openEventPage(page, event, { hash, lang });
}

/** What the tabs say about the selection, and where focus and the hash are. */
function tabsState() {
  return page.evaluate(() => {
    const tabs = [...document.querySelectorAll<HTMLElement>('[role="tablist"] [role="tab"]')];
    const panels = [...document.querySelectorAll('[role="tabpanel"]')];
    return {
      selected: tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true').map((tab) => tab.id),
      tabbable: tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.id),
      panels: panels.map((panel) => `${panel.id} labelled by ${panel.getAttribute('aria-labelledby')}`),
      hash: location.hash,
    };
  });
}

/** This section is the one selected (and the only Tab stop), its panel shown, the hash following. */
async function expectSection(section: EventSection, lang: Lang): Promise<void> {
  await expect.poll(tabsState).toEqual({
    selected: [`event-tab-${section}`],
    tabbable: [`event-tab-${section}`],
    panels: [`event-panel-${section} labelled by event-tab-${section}`],
    hash: section === 'overview' ? '' : `#${section}`,
  });
  const text = SECTIONS_TEXT[lang];
  if (section === 'overview') {
    await panel().getByRole('definition').first().waitFor();
    expect(await panel().locator('dl').first().getAttribute('aria-label')).toBe(text.keyFigures);
    // A table on a desktop, one card per category on a phone: the caption is there either way.
    await panel().getByText(text.categoriesCaption, { exact: true }).waitFor();
  } else {
    await panel().getByRole('heading', { level: 2, name: text.headings[section], exact: true }).waitFor();
  }
}

/** The focused element's id, and its focus ring against the colour behind it. */
function focusRing() {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgba = (color: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = color;
      context.fillRect(0, 0, 1, 1);
      return [...context.getImageData(0, 0, 1, 1).data];
    };
    let behind: number[] = [255, 255, 255, 255];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor);
      if (color[3] === 255) {
        behind = color;
        break;
      }
    }
    const style = getComputedStyle(element);
    return {
      id: element.id,
      focusVisible: element.matches(':focus-visible'),
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outline: rgba(style.outlineColor),
      behind,
    };
  });
}

function luminance([r, g, b]: number[]): number {
  const channel = (value = 0) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: number[], b: number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Focus is on this section's tab, with a visible ring that stands out from the background. */
async function expectFocusOnTab(section: EventSection, label: string): Promise<void> {
  await expect.poll(async () => (await focusRing())?.id).toBe(`event-tab-${section}`);
  const ring = await focusRing();
  expect(ring?.focusVisible, `${label}: :focus-visible`).toBe(true);
  expect(ring?.outlineStyle, `${label}: outline style`).not.toBe('none');
  expect(ring?.outlineWidth, `${label}: outline width`).toBeGreaterThanOrEqual(2);
  expect(ring!.outline[3], `${label}: outline opacity`).toBe(255);
  expect(contrast(ring!.outline, ring!.behind), `${label}: outline contrast`).toBeGreaterThanOrEqual(
    MIN_FOCUS_CONTRAST,
  );
}

/** Presses Tab until `done` (keyboard only, from wherever focus is), at most `max` times. */
async function tabUntil(done: () => Promise<boolean>, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await done()) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached in ${max} presses of Tab`);
}

function focusedIs(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** 'in the panel' when focus is inside the tab panel, else what has it (for the failure message). */
function focusInPanel(): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    if (active.closest('[role="tabpanel"]')) return 'in the panel';
    return `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''}: ${(active.textContent ?? '').trim().slice(0, 40)}`;
  });
}

/** The share of a tab's width inside both its (scrolled) row of tabs and the window, 0 to 1. */
function tabVisibility(section: EventSection, lang: Lang): Promise<number> {
  return tab(section, lang).evaluate((element) => {
    const list = element.closest('[role="tablist"]')!.getBoundingClientRect();
    const own = element.getBoundingClientRect();
    const left = Math.max(own.left, list.left, 0);
    const right = Math.min(own.right, list.right, window.innerWidth);
    // Sub-pixel layout: a tab flush with the edge counts as inside.
    return Math.min(1, Math.round((Math.max(0, right - left) / own.width) * 100) / 100 + 0.01);
  });
}

async function setViewport(name: ViewportName): Promise<void> {
  await page.setViewportSize(VIEWPORTS[name]);
}

/** Nothing may scroll the page sideways; wide content scrolls inside its own box. */
function expectNoPageOverflow(label: string): Promise<void> {
  return expectNoOverflow(page, label);
}

/** A full-page screenshot, hover styles kept out. */
function shoot(name: string): Promise<void> {
  return shootPage(page, `event-sections-${name}`, { fullPage: true });
}

/**
 * Through the header's switch, which is there once the app has started: the document's `lang`
 * says the app's language only from then on (index.html says "en" until the app's code runs).
 */
function chooseLanguage(lang: Lang): Promise<void> {
  return switchLanguage(page, lang);
}

describe('event sections: keyboard', () => {
  for (const viewport of ['desktop', 'smallPhone'] as const) {
    for (const lang of LANGS) {
      it(`one Tab stop, arrows, Home and End select, the hash follows, focus is visible (${lang}, ${viewport})`, async () => {
        await setViewport(viewport);
        await page.goto(at('/events'));
        await chooseLanguage(lang);
        await openEvent('', lang);
        await expectSection('overview', lang);
        const historyLength = await page.evaluate(() => history.length);

        // From the top of the page, by Tab alone, to the control just before the tabs…
        const refresh = await controlBeforeTabs(lang);
        await tabUntil(() => focusedIs(refresh));
        // …then one Tab: the selected tab, not the first or every tab.
        await page.keyboard.press('Tab');
        await expectFocusOnTab('overview', `${lang} ${viewport} first Tab`);

        const steps: [string, EventSection][] = [
          ['ArrowRight', 'answers'],
          ['ArrowRight', 'merch'],
          ['ArrowRight', 'orders'],
          ['ArrowRight', 'duplicates'],
          ['ArrowRight', 'checks'],
          ['ArrowRight', 'editions'],
          ['ArrowRight', 'overview'], // wraps around
          ['ArrowLeft', 'editions'], // and back
          ['Home', 'overview'],
          ['End', 'editions'],
          ['ArrowLeft', 'checks'],
          ['ArrowLeft', 'duplicates'],
          ['ArrowLeft', 'orders'],
          ['ArrowLeft', 'merch'],
          ['ArrowLeft', 'answers'],
        ];
        for (const [key, section] of steps) {
          await page.keyboard.press(key);
          await expectSection(section, lang);
          await expectFocusOnTab(section, `${lang} ${viewport} ${key} → ${section}`);
        }
        // The hash is replaced, not pushed: the back button still leaves the event.
        expect(await page.evaluate(() => history.length)).toBe(historyLength);

        // Tab leaves the tabs for the panel; Shift+Tab comes back to the selected tab, then the
        // control before the tabs: the tabs are one stop either way.
        await page.keyboard.press('Tab');
        await expect.poll(focusInPanel).toBe('in the panel');
        await page.keyboard.press('Shift+Tab');
        await expectFocusOnTab('answers', `${lang} ${viewport} Shift+Tab`);
        await page.keyboard.press('Shift+Tab');
        await expect.poll(() => focusedIs(refresh)).toBe(true);

        // A deep-linked section is the Tab stop too.
        // (A reopened event has a "What changed" card: the control before the tabs may change.)
        await openEvent('#duplicates', lang);
        const beforeTabs = await controlBeforeTabs(lang);
        await tabUntil(() => focusedIs(beforeTabs));
        await page.keyboard.press('Tab');
        await expectFocusOnTab('duplicates', `${lang} ${viewport} deep link`);
        await page.keyboard.press('ArrowLeft');
        await expectSection('orders', lang);
        await page.keyboard.press('ArrowLeft');
        await expectSection('merch', lang);
        await page.keyboard.press('ArrowLeft');
        await expectSection('answers', lang);
        await page.keyboard.press('Tab');
        await expect.poll(focusInPanel).toBe('in the panel');

        expect(await cspViolations()).toEqual([]);
        problems.expectNone();
      });
    }
  }
});

/** Where one Tab from each section's tab lands, for the sections where it is not the panel. */
async function tabIntoPanelFailures(lang: Lang): Promise<string[]> {
  const failures: string[] = [];
  for (const section of EVENT_SECTIONS) {
    await openEvent(section === 'overview' ? '' : `#${section}`, lang);
    const refresh = await controlBeforeTabs(lang);
    await tabUntil(() => focusedIs(refresh));
    await page.keyboard.press('Tab');
    await expectFocusOnTab(section, `${lang} ${section}`);
    await page.keyboard.press('Tab');
    const where = await focusInPanel();
    if (where !== 'in the panel') failures.push(`${section}: Tab went to ${where}`);
  }
  return failures;
}

describe('event sections: panels and tabs that need help to be reached', () => {
  // On event 1003 the orders and the possible duplicates panels hold nothing
  // focusable (no link, no "show all", tables that fit): the panel itself takes the Tab stop
  // (WAI-ARIA tabs pattern, tabindex="0"), so Tab never leaves the page.
  it('Tab goes from every tab into its panel, even one without links (en, desktop)', async () => {
    await setViewport('desktop');
    await page.goto(at('/events'));
    await chooseLanguage('en');
    expect(await tabIntoPanelFailures('en')).toEqual([]);
  });

  // Known app issue: on a phone, a tab that is partly outside the scrolled row of tabs stays
  // partly hidden when the arrows focus it unless the app scrolls it into view (Chromium
  // scrolls on focus only an element entirely out of view).
  it('an arrow key brings the focused tab fully into view (en, 390 px phone)', async () => {
    await setViewport('phone');
    await page.goto(at('/events'));
    await chooseLanguage('en');
    await openEvent('', 'en');
    await tab('overview', 'en').focus();
    for (const section of EVENT_SECTIONS) {
      if (section !== 'overview') await page.keyboard.press('ArrowRight');
      await expectSection(section, 'en');
      expect(await tabVisibility(section, 'en'), section).toBe(1);
    }
  });
});

describe('event sections: deep links', () => {
  for (const lang of LANGS) {
    it(`opens the section the hash names, and the overview for any other hash (${lang})`, async () => {
      await setViewport('desktop');
      await page.goto(at('/events'));
      await chooseLanguage(lang);
      for (const section of EVENT_SECTIONS) {
        await openEvent(section === 'overview' ? '' : `#${section}`, lang);
        await expectSection(section, lang);
        // The other sections' contents are not on the page.
        for (const other of EVENT_SECTIONS.filter(
          (other): other is Exclude<EventSection, 'overview'> => other !== section && other !== 'overview',
        )) {
          expect(
            await page
              .getByRole('heading', { name: SECTIONS_TEXT[lang].headings[other], exact: true })
              .count(),
          ).toBe(0);
        }
      }
      for (const hash of ['#nope', '#Answers', '#overview', '#', '#event-panel-orders']) {
        await openEvent(hash, lang);
        await expect
          .poll(async () => (await tabsState()).selected, { message: hash })
          .toEqual(['event-tab-overview']);
        await panel().getByText(SECTIONS_TEXT[lang].categoriesCaption, { exact: true }).waitFor();
      }
      // Clicking a tab writes the hash a link can be shared with.
      await openEvent('', lang);
      await tab('duplicates', lang).click();
      await expectSection('duplicates', lang);
      await page.reload();
      await expectSection('duplicates', lang);
      expect(await cspViolations()).toEqual([]);
      problems.expectNone();
    });
  }
});

describe('event sections: phones', () => {
  for (const viewport of ['phone', 'smallPhone'] as const) {
    for (const lang of LANGS) {
      it(`the tabs fit or scroll sideways, the page does not, and every tab is reachable (${lang}, ${viewport})`, async () => {
        await setViewport(viewport);
        await page.goto(at('/events'));
        await chooseLanguage(lang);
        await openEvent('', lang);
        const box = await tablist(lang).evaluate((list) => ({
          scrollWidth: list.scrollWidth,
          clientWidth: list.clientWidth,
          overflowX: getComputedStyle(list).overflowX,
        }));
        // Tabs wider than their row must scroll inside it (never clipped).
        if (box.scrollWidth > box.clientWidth) expect(['auto', 'scroll']).toContain(box.overflowX);
        await expectNoPageOverflow(`${lang} ${viewport} tabs`);

        // By keyboard: each arrow brings the focused tab fully into view.
        await tab('overview', lang).focus();
        for (const section of EVENT_SECTIONS) {
          if (section !== 'overview') await page.keyboard.press('ArrowRight');
          await expectSection(section, lang);
          await expectFocusOnTab(section, `${lang} ${viewport} ${section}`);
          // In view, at least in part (fully: see the known issue above).
          await expect.poll(() => tabVisibility(section, lang)).toBeGreaterThan(0);
          await expectNoPageOverflow(`${lang} ${viewport} ${section}`);
        }
        // Scrolled sideways (a swipe), each tab comes fully into view: none is cut off for good.
        for (const section of EVENT_SECTIONS) {
          await tab(section, lang).evaluate((element) =>
            element.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
          );
          expect(await tabVisibility(section, lang), `${lang} ${viewport} ${section} scrolled to`).toBe(1);
        }
        await expectNoPageOverflow(`${lang} ${viewport} tabs scrolled`);
        // By touch (a click here): the last tab is reachable from the first one too.
        await tab('overview', lang).click();
        await expectSection('overview', lang);
        await tab('duplicates', lang).click();
        await expectSection('duplicates', lang);
        problems.expectNone();
      });
    }
  }
});

describe('event sections: axe and screenshots', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const viewport of ['desktop', 'phone'] as const) {
      it(`every section is axe-clean in English and French (${colorScheme}, ${viewport})`, async () => {
        await page.emulateMedia({ colorScheme });
        await setViewport(viewport);
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
          colorScheme === 'dark',
        );
        await page.goto(at('/events'));
        for (const lang of LANGS) {
          await chooseLanguage(lang);
          await openEvent('', lang);
          for (const section of EVENT_SECTIONS) {
            await tab(section, lang).click();
            await expectSection(section, lang);
            const label = `${section} (${lang}, ${colorScheme}, ${viewport})`;
            await page.mouse.move(1, 1);
            await expectNoAxeViolations(page, label);
            await expectNoPageOverflow(label);
            await shoot(`${section}-${lang}-${viewport}${colorScheme === 'dark' ? '-dark' : ''}`);
          }
        }
        await page.emulateMedia({ colorScheme: 'light' });
        expect(await cspViolations()).toEqual([]);
        problems.expectNone();
      }, 120_000);
    }
  }
});

/** The key figures as shown: [term, value] pairs. */
function keyFigures(lang: Lang): Promise<string[][]> {
  return page
    .getByRole('tabpanel')
    .locator(`dl[aria-label="${SECTIONS_TEXT[lang].keyFigures}"] > div`)
    .evaluateAll((pairs) =>
      pairs.map((pair) => [
        pair.querySelector('dt')?.textContent ?? '',
        pair.querySelector('dd')?.textContent ?? '',
      ]),
    );
}

describe('event sections: the figures of a large event', () => {
  const heights: Record<string, { scrollHeight: number; viewportHeight: number; screens: number }> = {};

  afterAll(async () => {
    await writeFile(
      join(process.cwd(), 'test-results', 'event-sections-heights.json'),
      `${JSON.stringify(heights, null, 2)}\n`,
    );
  });

  it('are computed by the engine worker without a CSP violation, and match the API', async () => {
    const rows = await allRegistrations(LARGE_EVENT.id);
    expect(rows).toHaveLength(LARGE_EVENT.total);
    const count = (status: string) => rows.filter((row) => row.payment_status === status).length;
    const orders = new Set(rows.map((row) => row.order_id?.trim() ?? '').filter(Boolean)).size;

    await setViewport('desktop');
    await page.goto(at('/events'));
    await cspViolations();
    workers.length = 0;
    for (const lang of LANGS) {
      await chooseLanguage(lang);
      await openEvent('', lang, LARGE_EVENT);
      const figures = [LARGE_EVENT.total, count('paid'), count('pending'), orders];
      expect(await keyFigures(lang)).toEqual(
        SECTIONS_TEXT[lang].figures.map((term, index) => [term, formatCount(figures[index]!, lang)]),
      );
      // Final: the key figures are no longer muted (the class that mutes them; no role says so).
      expect(await panel().locator('.overview-figures--partial').count()).toBe(0);
    }
    expect(workers.filter((url) => /engine-worker/.test(url)).length).toBeGreaterThan(0);
    expect(await cspViolations()).toEqual([]);
    expect(problems.problems.filter((problem) => /content security policy/i.test(problem))).toEqual([]);
    problems.expectNone();
  }, 120_000);

  /** The document's height now, in pixels and in screens, kept for the report. */
  async function measureHeight(label: string) {
    const measured = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      viewportHeight: window.innerHeight,
    }));
    const screens = Math.round((measured.scrollHeight / measured.viewportHeight) * 100) / 100;
    heights[`${LARGE_EVENT.id} ${label}`] = { ...measured, screens };
    console.log(`event ${LARGE_EVENT.id} ${label}: ${measured.scrollHeight} px, ${screens} screens`);
    return measured;
  }

  const limits = { desktop: 3, phone: 6 } as const;
  for (const viewport of ['desktop', 'phone'] as const) {
    it(`keep the overview under ${limits[viewport]} screens tall (${viewport})`, async () => {
      await setViewport(viewport);
      await page.goto(at('/events'));
      for (const lang of LANGS) {
        await chooseLanguage(lang);
        await openEvent('', lang, LARGE_EVENT);
        await expectSection('overview', lang);
        const measured = await measureHeight(`overview ${lang} ${viewport}`);
        await shoot(`large-overview-${lang}-${viewport}`);
        expect(measured.scrollHeight, `${lang} ${viewport}`).toBeLessThanOrEqual(
          limits[viewport] * measured.viewportHeight,
        );
        // The other sections, measured for the record only (no limit is set for them).
        for (const section of EVENT_SECTIONS.filter((other) => other !== 'overview')) {
          await tab(section, lang).click();
          await expectSection(section, lang);
          await measureHeight(`${section} ${lang} ${viewport}`);
        }
      }
      problems.expectNone();
    }, 120_000);
  }
});
