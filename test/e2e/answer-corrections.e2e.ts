import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe';
import type { PageProblems } from './browser';
import { signedInDemoForFile, switchLanguage } from './app';
import { expectNoPageOverflow, openEvent, shoot } from './steps';
import { LANGS, escapeRegExp, t } from './texts';

/**
 * Correcting how answers are read, on a real browser with the built-in demo: a size typed in
 * words set to "as typed" by keyboard, the answers' figures and the merch order sheet following
 * it, then undone; axe and screenshots in both languages, on a desktop and a phone.
 */

/** Upcoming, 420 registrations, one question: the T-shirt size. */
const EVENT = { id: 1005, total: 420 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const TSHIRT = { en: 'T-shirt size', fr: 'Taille de t-shirt' } as const;

let page: Page;
let problems: PageProblems;
signedInDemoForFile((session) => ({ page, problems } = session));

describe('correcting how answers are read', () => {
  for (const lang of LANGS) {
    it(`by keyboard, followed by the figures and the order sheet, then undone (${lang})`, async () => {
      await page.setViewportSize(DESKTOP);
      await switchLanguage(page, lang);
      await openEvent(page, EVENT, { hash: '#answers', lang });
      const question = page.getByRole('region', { name: TSHIRT[lang], exact: true });
      await question.getByText(t(lang, 'insights:overview.questions.howRead')).click();
      const caption = t(lang, 'insights:overview.questions.correctCaption', { question: TSHIRT[lang] });
      const table = question.getByRole('table', { name: caption });
      await table.waitFor();
      // A size typed in words ("Moyen", "Large"...): its row's text is not the size it counts as.
      const rows = table.getByRole('row');
      let typed = '';
      for (let index = 1; index < (await rows.count()) && typed === ''; index += 1) {
        const text = ((await rows.nth(index).getByRole('rowheader').textContent()) ?? '').replace(
          /^[“«]\s*|\s*[”»]$/g,
          '',
        );
        const shown = await rows.nth(index).getByRole('combobox').inputValue();
        if (/[a-z]{3}/.test(text) && shown !== '') typed = text;
      }
      expect(typed).not.toBe('');
      const choice = table.getByRole('combobox', {
        name: t(lang, 'insights:overview.questions.countAs', { answer: typed }),
      });
      // By keyboard: the last choice is "none: as typed".
      await choice.focus();
      await page.keyboard.press('End');
      const asTyped = t(lang, 'common:cleanAnswer.asTyped', { answer: typed });
      const link = question.getByRole('link', {
        name: new RegExp(`^\\d+ [^:]+: ${escapeRegExp(TSHIRT[lang])}: ${escapeRegExp(asTyped)}$`),
      });
      await link.waitFor();
      await expectNoAxeViolations(page, `answer corrections (${lang}, desktop)`);
      await shoot(page, `answer-corrections-${lang}-desktop`, { fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoAxeViolations(page, `answer corrections (${lang}, desktop, dark)`);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(PHONE);
      await expectNoPageOverflow(page, `answer corrections (${lang}, phone)`);
      await expectNoAxeViolations(page, `answer corrections (${lang}, phone)`);
      await shoot(page, `answer-corrections-${lang}-phone`, { fullPage: true });
      await page.setViewportSize(DESKTOP);

      // The order sheet lists it apart, not in the order.
      await page.getByRole('tab', { name: t(lang, 'insights:sections.merch') }).click();
      const unread = page.getByRole('region', { name: t(lang, 'insights:orderSheet.unreadTitle') });
      await unread.getByText(typed, { exact: false }).first().waitFor();

      // Undone: read as its size again.
      await page.getByRole('tab', { name: t(lang, 'insights:sections.answers') }).click();
      await question.getByText(t(lang, 'insights:overview.questions.howRead')).click();
      await question
        .getByRole('button', {
          name: t(lang, 'insights:overview.questions.resetCorrections', { count: 1, formatted: '1' }),
        })
        .click();
      await link.waitFor({ state: 'detached' });
      problems.expectNone();
    });
  }
});
