import { act, renderHook } from '@testing-library/react';
import { usePageWindow } from './use-page-window';

/** A list whose top is `top` px from the top of the screen (negative: scrolled past). */
function listAt(top: number) {
  const element = document.createElement('ul');
  element.getBoundingClientRect = () => ({ top }) as DOMRect;
  return { current: element };
}

async function nextFrame() {
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
}

describe('usePageWindow: which fixed-height items the page scroll shows', () => {
  beforeEach(() => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws the screen from the list top, with the overscan below', async () => {
    const { result } = renderHook(() => usePageWindow(listAt(200), 25_000, 100, 5));
    await nextFrame();
    // 600 px of list on screen: items 0 to 5, and 5 more.
    expect(result.current).toEqual({ start: 0, end: 11 });
  });

  it('follows the scroll, and never goes past the list', async () => {
    const list = listAt(0);
    const { result } = renderHook(() => usePageWindow(list, 60, 100, 5));
    list.current.getBoundingClientRect = () => ({ top: -5_000 }) as DOMRect;
    await act(() => window.dispatchEvent(new Event('scroll')));
    await nextFrame();
    expect(result.current).toEqual({ start: 45, end: 60 });
  });

  it('draws nothing of an empty list', async () => {
    const { result } = renderHook(() => usePageWindow(listAt(0), 0, 100, 5));
    await nextFrame();
    expect(result.current).toEqual({ start: 0, end: 0 });
  });
});
