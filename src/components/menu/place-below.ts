/** Space kept between a panel and the window's edges, in px. */
const EDGE = 8;
const GAP = 4;

/** Whether the browser places the panel itself, tied to its button (CSS anchor positioning). */
export function supportsAnchorPositioning(): boolean {
  return typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('anchor-name: --a');
}

/**
 * The fallback for browsers without CSS anchor positioning: puts a top-layer panel (a popover)
 * next to its button, lined up with the button's start or end edge (across the screen on a
 * phone), and kept inside the window.
 * It goes below the button, or above it when there is more room there (a button low on a
 * phone's screen), and scrolls inside itself when it is taller than that room, so every option
 * can be reached. Called again whenever the button moves (see Menu).
 */
export function placeBelow(panel: HTMLElement, anchor: HTMLElement, align: 'start' | 'end'): void {
  const box = anchor.getBoundingClientRect();
  const viewport = document.documentElement.clientWidth;
  const height = window.innerHeight;
  // A phone (menu.css's 36rem): the panel spans the screen, as with anchor positioning.
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 36rem)').matches;
  panel.style.width = phone ? `${viewport - 2 * EDGE}px` : '';
  const width = Math.min(panel.offsetWidth, viewport - 2 * EDGE);
  const ideal = align === 'end' ? box.right - width : box.left;
  const left = phone ? EDGE : Math.max(EDGE, Math.min(ideal, viewport - EDGE - width));
  const below = height - box.bottom - GAP - EDGE;
  const above = box.top - GAP - EDGE;
  // The whole panel's height, borders included, whatever max-height an earlier placement gave it.
  const needed = panel.scrollHeight + panel.offsetHeight - panel.clientHeight;
  const goAbove = needed > below && above > below;
  Object.assign(panel.style, {
    left: `${left}px`,
    maxWidth: `${viewport - 2 * EDGE}px`,
    maxHeight: `${Math.max(0, goAbove ? above : below)}px`,
  });
  panel.style.top = `${goAbove ? box.top - GAP - panel.offsetHeight : box.bottom + GAP}px`;
}
