import { useEffect, useState, type RefObject } from 'react';

export interface PageWindow {
  /** The first item drawn (overscan included). */
  start: number;
  /** One past the last item drawn. */
  end: number;
}

/** A phone's screen in items until the list's place is read, after the first paint. */
const FIRST_SCREEN_PX = 1_000;

/**
 * The items of a list of fixed-height items that the page's own scroll shows, with `overscan`
 * more on each side: which cards of 100,000 to draw. The list's place on screen is read after
 * the first paint, then on scroll, on resize and when the page's height changes (a card
 * appearing above the list), at most once a frame: never during a render, where reading it
 * would force the browser to lay the page out.
 *
 * A virtualizer (@tanstack/react-virtual, which the desktop table uses) measures items of any
 * height: it keeps one measurement per item, made again whenever the count changes, so each
 * snapshot of a loading 25,000-row list would cost tens of thousands of objects, and it reads
 * the scroll position inside the render. Cards all have one height: their window is arithmetic.
 */
export function usePageWindow(
  list: RefObject<HTMLElement | null>,
  count: number,
  step: number,
  overscan: number,
): PageWindow {
  // Where the visible part of the page begins and ends, relative to the list's top.
  const [view, setView] = useState({ top: 0, bottom: FIRST_SCREEN_PX });

  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      const top = list.current?.getBoundingClientRect().top ?? 0;
      setView((before) => {
        const next = { top: -top, bottom: window.innerHeight - top };
        return next.top === before.top && next.bottom === before.bottom ? before : next;
      });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(read);
    };
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const page = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    page?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      page?.disconnect();
    };
  }, [list]);

  const first = Math.floor(Math.max(0, view.top) / step);
  const last = Math.ceil(Math.max(0, view.bottom) / step);
  return {
    start: Math.min(count, Math.max(0, first - overscan)),
    end: Math.min(count, last + overscan),
  };
}
