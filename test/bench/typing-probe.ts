/**
 * The keystroke probe, inside the page: for each key typed into the search box, when the
 * browser received it and the first frame whose rows answer the search it produced.
 *
 * `.registrations-count[data-search]` is rendered in the same commit as the rows, so the
 * frame at which it equals the input's value after a keystroke is the frame that paints that
 * keystroke's rows. When keys arrive faster than the screen renders, one frame can show a
 * later keystroke's rows first; the earlier keystroke is then painted in that frame too
 * (its letters are in the box and the rows answer a narrower search) and counts as
 * `superseded`, never as faster or lost.
 */
import type { Locator, Page } from 'playwright-core';

export interface KeystrokeMark {
  key: string;
  /**
   * The keydown's `event.timeStamp`: when the browser received the key, before any wait for
   * a busy main thread (same time base as performance.now()).
   */
  down: number;
  /** performance.now() when the keydown reached the page's listener. */
  handled: number;
  /** The input's value after this key (its input event); null when no input event came. */
  value: string | null;
  /** The first frame showing rows for this value, or for a later keystroke's. */
  frame: number | null;
  superseded: boolean;
}

/**
 * Where the page says which search the shown results answer: an element and its attribute,
 * rendered in the same commit as the results.
 */
export interface AnsweredSearch {
  readonly selector: string;
  readonly attribute: string;
}

/** The registrations table: its count line's `data-search`. */
export const TABLE_SEARCH: AnsweredSearch = { selector: '.registrations-count', attribute: 'data-search' };

interface TypingWindow {
  __benchTyping?: { marks: KeystrokeMark[]; stop: () => void };
}

/** Installed on the search input before typing; keeps its marks until `stop`. */
function startTypingProbe(input: HTMLInputElement, answered: AnsweredSearch): void {
  const marks: KeystrokeMark[] = [];
  const shownSearch = () =>
    document.querySelector<HTMLElement>(answered.selector)?.getAttribute(answered.attribute) ?? null;
  const pending = () => marks.some((mark) => mark.value !== null && mark.frame === null);

  let scheduled = false;
  const check = (shown: string | null, now: number) => {
    scheduled = false;
    let answered = -1;
    for (let i = marks.length - 1; i >= 0; i -= 1) {
      if (marks[i]!.value === shown) {
        answered = i;
        break;
      }
    }
    for (let i = 0; i <= answered; i += 1) {
      const mark = marks[i]!;
      if (mark.value === null || mark.frame !== null) continue;
      mark.frame = now;
      mark.superseded = i < answered;
    }
    if (pending()) schedule();
  };
  // What a frame paints is the DOM at its requestAnimationFrame callback (nothing runs between
  // that and the paint). Its time is taken after the frame's style and layout, in a resize
  // observation started in that callback (a new observation is reported in the same frame,
  // just before paint). Not in a task after the frame: while keys keep coming, Chromium runs
  // input before timers, and such a task could run tens of ms after the frame was on screen.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      const shown = shownSearch();
      const observer = new ResizeObserver(() => {
        observer.disconnect();
        check(shown, performance.now());
      });
      observer.observe(document.documentElement);
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== input || event.key.length !== 1) return;
    const handled = performance.now();
    // A synthetic or clock-skewed timestamp would make the key look older than it is.
    const down = event.timeStamp > 0 && event.timeStamp <= handled ? event.timeStamp : handled;
    marks.push({ key: event.key, down, handled, value: null, frame: null, superseded: false });
  };
  const onInput = (event: Event) => {
    if (event.target !== input) return;
    const mark = marks[marks.length - 1];
    if (mark && mark.value === null) mark.value = input.value;
    schedule();
  };
  document.addEventListener('keydown', onKeyDown, { capture: true });
  document.addEventListener('input', onInput, { capture: true });
  (window as TypingWindow).__benchTyping = {
    marks,
    stop: () => {
      document.removeEventListener('keydown', onKeyDown, { capture: true });
      document.removeEventListener('input', onInput, { capture: true });
    },
  };
}

export interface TypedQuery {
  text: string;
  marks: KeystrokeMark[];
  finalValue: string;
  finalSearch: string | null;
}

/**
 * Types `text` into the (empty, focused) search box at machine speed and waits until every
 * keystroke is painted, or 15 s.
 */
export async function typeAndTrace(
  page: Page,
  input: Locator,
  text: string,
  answered: AnsweredSearch = TABLE_SEARCH,
  /** Between two keys: 0 is machine speed; 100 ms is a fast typist. */
  delayMs = 0,
): Promise<TypedQuery> {
  await input.evaluate(startTypingProbe, answered);
  await input.pressSequentially(text, { delay: delayMs });
  await page
    .waitForFunction(
      ({ typed, where }) => {
        const probe = (window as TypingWindow).__benchTyping;
        const search = document.querySelector(where.selector)?.getAttribute(where.attribute);
        return (
          probe !== undefined &&
          search === typed &&
          probe.marks.every((mark) => mark.value === null || mark.frame !== null)
        );
      },
      { typed: text, where: answered },
      { timeout: 15_000, polling: 50 },
    )
    // A keystroke that never shows is what this measures: read what there is.
    .catch(() => undefined);
  const { marks, finalSearch } = await page.evaluate((where) => {
    const probe = (window as TypingWindow).__benchTyping;
    probe?.stop();
    return {
      marks: probe?.marks ?? [],
      finalSearch: document.querySelector(where.selector)?.getAttribute(where.attribute) ?? null,
    };
  }, answered);
  return { text, marks, finalValue: await input.inputValue(), finalSearch };
}
