/**
 * jsdom lays nothing out: give the registrations table's scroll box a size, so the virtualizer
 * renders the rows a real window of that height would show (the real scrolling is tested in
 * Chromium). Call it in a `beforeEach`; `height` may be read anew on each layout.
 */
export function sizeRegistrationsTable(height: number | (() => number) = 4000, width = 1200): void {
  const heightNow = typeof height === 'function' ? height : () => height;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('registrations-table') ? heightNow() : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('registrations-table') ? width : 0;
  });
}
