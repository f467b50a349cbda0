import { placeBelow } from './place-below';

/**
 * The fallback placement (browsers without CSS anchor positioning), on a 360×740 phone: a
 * panel whose content is `contentHeight` px tall, under or over a button at `buttonTop`.
 */
function place(buttonTop: number, contentHeight: number, align: 'start' | 'end' = 'start', buttonLeft = 16) {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 360 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 740 });
  const anchor = document.createElement('button');
  anchor.getBoundingClientRect = () => new DOMRect(buttonLeft, buttonTop, 120, 40);
  const panel = document.createElement('div');
  // What layout would give: the content's height, capped by max-height (borders left out).
  const shown = () => Math.min(contentHeight, Number.parseFloat(panel.style.maxHeight) || Infinity);
  Object.defineProperties(panel, {
    offsetWidth: { value: 256 },
    scrollHeight: { value: contentHeight },
    offsetHeight: { get: shown },
    clientHeight: { get: shown },
  });
  placeBelow(panel, anchor, align);
  const style = panel.style;
  return {
    top: Number.parseFloat(style.top),
    left: Number.parseFloat(style.left),
    maxHeight: Number.parseFloat(style.maxHeight),
    bottom: Number.parseFloat(style.top) + shown(),
  };
}

describe('placeBelow', () => {
  it('puts a short menu just below its button, lined up with its start', () => {
    expect(place(200, 300)).toEqual({ top: 244, left: 16, maxHeight: 740 - 244 - 8, bottom: 544 });
  });

  it('opens a menu above a button low on the screen, touching it, all of it on screen', () => {
    const placed = place(600, 420);
    expect(placed.bottom).toBe(600 - 4);
    expect(placed.top).toBeGreaterThanOrEqual(8);
    expect(placed.maxHeight).toBe(600 - 4 - 8);
  });

  it('caps a menu taller than the room on either side, so it scrolls inside itself', () => {
    const placed = place(300, 2000);
    // More room below (740 - 340) than above (300): below, down to 8 px from the bottom edge.
    expect(placed.top).toBe(344);
    expect(placed.bottom).toBe(740 - 8);
  });

  it('keeps a menu lined up with its button’s end inside the window', () => {
    // The button's end is at 136 px: a 256 px panel would start off screen.
    expect(place(200, 100, 'end').left).toBe(8);
    expect(place(200, 100, 'end', 200).left).toBe(320 - 256);
  });
});
