/** Space kept between a panel and the window's edges, in px. */
const EDGE = 8;
const GAP = 4;

/**
 * Puts a top-layer panel (a popover) just below its button, lined up with the button's start
 * or end edge, and kept inside the window: on a phone it spans the screen instead of hanging
 * off it. The panel scrolls when it is taller than the room left below the button.
 */
export function placeBelow(panel: HTMLElement, anchor: HTMLElement, align: 'start' | 'end'): void {
  const box = anchor.getBoundingClientRect();
  const viewport = document.documentElement.clientWidth;
  const width = Math.min(panel.offsetWidth, viewport - 2 * EDGE);
  const ideal = align === 'end' ? box.right - width : box.left;
  const left = Math.max(EDGE, Math.min(ideal, viewport - EDGE - width));
  const top = box.bottom + GAP;
  Object.assign(panel.style, {
    left: `${left}px`,
    top: `${top}px`,
    maxWidth: `${viewport - 2 * EDGE}px`,
    maxHeight: `${Math.max(160, window.innerHeight - top - EDGE)}px`,
  });
}
