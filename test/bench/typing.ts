import type { Page } from 'playwright-core';
import { TEXT } from './texts';
import { typeAndTrace, type TypedQuery } from './typing-probe';

export interface TypingFigures {
  queries: string[];
  /** Characters typed, over all queries. */
  typed: number;
  /** Keydown -> the first frame with its rows, per painted keystroke, in typing order. */
  keystrokeMs: number[];
  /** Keystrokes first painted together with a later one (keys came faster than frames). */
  superseded: number;
  /** Keystrokes missing from the final input value or from the search the rows answer. */
  lost: number;
  /** Keydown received -> its listener ran (the main thread was busy), per keystroke. */
  inputDelayMs: number[];
  /** What was left in the box and in data-search when a query lost keys. */
  lostDetail: string[];
}

/** Keys missing from `final` against `typed` (at least 1 when they differ at all). */
const missing = (typed: string, final: string | null) =>
  final === typed ? 0 : Math.max(1, typed.length - (final ?? '').length);

function lostIn(query: TypedQuery): number {
  const unpainted = query.marks.filter((mark) => mark.value !== null && mark.frame === null).length;
  return Math.max(missing(query.text, query.finalValue), missing(query.text, query.finalSearch), unpainted);
}

/** Empties the search box and waits for the unfiltered rows. */
async function clearSearch(page: Page, unfiltered: string): Promise<void> {
  const input = page.getByLabel(TEXT.search, { exact: true });
  if ((await input.inputValue()) !== '') await input.fill('');
  await page.locator('.registrations-count[data-search=""]', { hasText: unfiltered }).waitFor();
}

/**
 * Each query typed at machine speed (no delay between keys) into the empty search box over
 * the whole list, as a promoter pasting-fast or typing-fast would: every keystroke is timed
 * from its keydown to the frame that paints its rows.
 */
export async function measureTyping(
  page: Page,
  queries: readonly string[],
  unfiltered: string,
): Promise<TypingFigures> {
  const input = page.getByLabel(TEXT.search, { exact: true });
  const figures: TypingFigures = {
    queries: [...queries],
    typed: 0,
    keystrokeMs: [],
    superseded: 0,
    lost: 0,
    inputDelayMs: [],
    lostDetail: [],
  };
  for (const text of queries) {
    await clearSearch(page, unfiltered);
    await input.focus();
    await page.waitForTimeout(300);
    const query = await typeAndTrace(page, input, text);
    figures.typed += text.length;
    for (const mark of query.marks) {
      figures.inputDelayMs.push(mark.handled - mark.down);
      if (mark.value === null || mark.frame === null) continue;
      figures.keystrokeMs.push(mark.frame - mark.down);
      if (mark.superseded) figures.superseded += 1;
    }
    const lost = lostIn(query);
    figures.lost += lost;
    if (lost > 0) {
      figures.lostDetail.push(
        `typed "${text}", box "${query.finalValue}", rows for "${query.finalSearch ?? '(none)'}"`,
      );
    }
  }
  await clearSearch(page, unfiltered);
  return figures;
}
