import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import type { PageProblems } from './browser';
import { SCREENSHOT_DIR, at, signedInDemoForFile, switchLanguage } from './app';
import { expectCountLine, loadedText, shoot } from './steps';
import { LANGS, escapeRegExp, t, textPattern } from './texts';

/**
 * "What changed" on a real browser, with the built-in demo running in the browser: the demo moves
 * one day ahead from its own button, the event page counts what changed, each count opens
 * exactly those rows (new ones in the table, removed ones in their own list), the filter sits
 * in the URL, and the whole card passes axe in both languages. Screenshots for a human.
 */

/** Upcoming, 420 registrations: every kind of day change happens there. */
const EVENT = 1005;

let page: Page;
let problems: PageProblems;
signedInDemoForFile((session) => ({ page, problems } = session));

const summary = () =>
  page.getByRole('region', {
    name: new RegExp(
      `^(${LANGS.map((lang) => escapeRegExp(t(lang, 'registrations:changes.title'))).join('|')})$`,
    ),
  });
/** A text's start, up to its first colon or semicolon (the rest says what happened). */
const startOf = (key: string) => new RegExp(`^${escapeRegExp(t('en', key).split(/[:;]/)[0]!)}`);
/** "4 new", "3 removed": a count link of the card, in a language. */
const countLink = (lang: 'en' | 'fr', kind: 'new' | 'removed') =>
  new RegExp(
    [1, 2]
      .map(
        (count) =>
          textPattern(lang, `registrations:changes.${kind}`, { count, groups: { formatted: '\\d+' } }).source,
      )
      .join('|'),
  );

/** The number at the start of a count link's text ("4 new" → 4). */
async function countOf(link: ReturnType<Page['getByRole']>): Promise<number> {
  return Number(((await link.textContent()) ?? '').match(/^\d+/)?.[0]);
}

describe('what changed since the last visit', () => {
  it('counts a demo day on the event page, and each count opens exactly its rows', async () => {
    await page.goto(at(`/events/${EVENT}`));
    await loadedText(page, 'en', 420).waitFor();
    await summary().getByText(startOf('registrations:changes.firstVisit')).waitFor();

    await summary()
      .getByRole('button', { name: t('en', 'session:demoNextDay.button') })
      .click();
    await summary().getByText(startOf('session:demoNextDay.moved')).waitFor();
    // A day after the first full download, the whole list is verified too.
    await page.getByText(startOf('registrations:load.verifiedNone')).waitFor();
    const newLink = summary().getByRole('link', { name: countLink('en', 'new') });
    const removedLink = summary().getByRole('link', { name: countLink('en', 'removed') });
    const added = await countOf(newLink);
    const removed = await countOf(removedLink);
    expect(added).toBeGreaterThan(0);
    expect(removed).toBeGreaterThan(0);
    await summary().getByText(t('en', 'registrations:changes.moves')).click();
    await expect(summary().getByRole('link', { name: /→/ }).count()).resolves.toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'event page, what changed (en)');
    await shoot(page, 'what-changed-event-en', { pointerAway: false });

    await newLink.click();
    await page.waitForURL((url) => url.searchParams.get('change') === 'new' && url.searchParams.has('since'));
    const total = 420 + added - removed;
    await expectCountLine(page, 'en', { shown: added, total });
    const chip = t('en', 'registrations:changes.removeChip', {
      label: t('en', 'registrations:changes.chip.new', { time: '§' }),
    }).split('§')[0]!;
    await expect(
      page.getByRole('button', { name: new RegExp(`^${escapeRegExp(chip)}`) }).isVisible(),
    ).resolves.toBe(true);
    await shoot(page, 'what-changed-new-rows-en', { pointerAway: false });

    await page.goBack();
    await removedLink.click();
    await page.waitForURL((url) => url.searchParams.get('change') === 'removed');
    const removedTable = page.getByRole('table', { name: t('en', 'registrations:changes.removedCaption') });
    await removedTable.waitFor();
    await expect(removedTable.getByRole('row').count()).resolves.toBe(removed + 1);
    await expectNoAxeViolations(page, 'removed registrations (en)');
  });

  it('reads in French, on a phone, and passes axe', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Back to the event page inside the app: a reload would start the in-page demo again at day 0.
    await page
      .getByRole('navigation', { name: /breadcrumb|Fil d/i })
      .getByRole('link')
      .click();
    await page.waitForURL((url) => url.pathname === `/events/${EVENT}`);
    await switchLanguage(page, 'fr');
    await summary().waitFor();
    await expect(
      summary()
        .getByRole('link', { name: countLink('fr', 'new') })
        .count(),
    ).resolves.toBe(1);
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page, 'event page, what changed (fr, phone)');
    await summary().screenshot({ path: join(SCREENSHOT_DIR, 'what-changed-event-fr-phone.png') });
    await switchLanguage(page, 'en');
    expect(problems.problems).toEqual([]);
  });
});
