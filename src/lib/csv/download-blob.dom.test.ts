import { downloadBlob } from './download-blob';

describe('downloadBlob', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.useRealTimers();
  });

  it('clicks a temporary download link, then revokes the URL later', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/abc');
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    // jsdom does not navigate (it would log "not implemented"), so record the click instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    downloadBlob(new Blob(['x']), 'a.csv');

    expect(clicked).toEqual([{ href: 'blob:http://localhost/abc', download: 'a.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/abc');
  });
});
