import {
  getAppUpdate,
  missingCodeAction,
  offerAppUpdate,
  RELOAD_AGAIN_AFTER_MS,
  resetAppUpdate,
  watchForMissingCode,
} from './app-update';
import { SESSION_ITEM } from './session-record';

/** What Vite's preload helper dispatches when a chunk of this build cannot load. */
function chunkGone(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

/** The same tab after a reload: the page's state starts again, sessionStorage stays. */
function reloadedPage(): void {
  resetAppUpdate();
}

let stopWatching: () => void = () => undefined;

afterEach(() => {
  stopWatching();
  resetAppUpdate();
  vi.restoreAllMocks();
});

describe('missingCodeAction: reload once, never in a loop', () => {
  const now = 1_800_000_000_000;

  it('reloads the first time, and again once the last reload is long past', () => {
    expect(missingCodeAction(true, now, null)).toBe('reload');
    expect(missingCodeAction(true, now, now - RELOAD_AGAIN_AFTER_MS)).toBe('reload');
  });

  it('offers the update when the tab reloaded for missing code a moment ago', () => {
    expect(missingCodeAction(true, now, now - 1)).toBe('offer');
    expect(missingCodeAction(true, now, now)).toBe('offer');
    expect(missingCodeAction(true, now, now - RELOAD_AGAIN_AFTER_MS + 1)).toBe('offer');
  });

  it('reloads when the clock was set back (the last reload looks like the future)', () => {
    expect(missingCodeAction(true, now, now + 5_000)).toBe('reload');
  });

  it('does nothing offline: the download failed, nothing says a new version exists', () => {
    expect(missingCodeAction(false, now, null)).toBe('none');
    expect(missingCodeAction(false, now, now - 1)).toBe('none');
  });
});

describe('watchForMissingCode: a chunk of this build is gone from the server', () => {
  it('reloads the tab once, at the same address, and keeps the session', () => {
    const session = JSON.stringify({ baseUrl: '/partner-api', apiKey: 'k-123', demo: false });
    sessionStorage.setItem(SESSION_ITEM, session);
    history.replaceState(null, '', '/events/1003/registrations?q=dupont#top');
    const reload = vi.fn();
    stopWatching = watchForMissingCode(reload);

    const event = chunkGone();
    // Several imports failing together (the screen and its table) make one reload.
    chunkGone();

    expect(reload).toHaveBeenCalledTimes(1);
    expect(getAppUpdate()).toEqual({ state: 'reloading', codeMissing: true });
    // The error still reaches the code that asked (Vite rethrows it): nothing pretends it loaded.
    expect(event.defaultPrevented).toBe(false);
    expect(location.pathname + location.search + location.hash).toBe(
      '/events/1003/registrations?q=dupont#top',
    );
    expect(sessionStorage.getItem(SESSION_ITEM)).toBe(session);
  });

  it('after that reload, missing code again offers the update instead of reloading again', () => {
    const reload = vi.fn();
    stopWatching = watchForMissingCode(reload);
    chunkGone();
    expect(reload).toHaveBeenCalledTimes(1);

    stopWatching();
    reloadedPage();
    stopWatching = watchForMissingCode(reload);
    chunkGone();

    expect(reload).toHaveBeenCalledTimes(1);
    expect(getAppUpdate()).toEqual({ state: 'offered', codeMissing: true });
  });

  it('reloads again for a later deploy, once the last reload is long past', () => {
    const reload = vi.fn();
    const start = Date.now();
    stopWatching = watchForMissingCode(reload);
    chunkGone();
    stopWatching();
    reloadedPage();

    vi.spyOn(Date, 'now').mockReturnValue(start + RELOAD_AGAIN_AFTER_MS + 1_000);
    stopWatching = watchForMissingCode(reload);
    chunkGone();

    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offers the update without reloading when storage refuses to remember the reload', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const reload = vi.fn();
    stopWatching = watchForMissingCode(reload);
    chunkGone();

    expect(reload).not.toHaveBeenCalled();
    expect(getAppUpdate()).toEqual({ state: 'offered', codeMissing: true });
  });

  it('does nothing offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    stopWatching = watchForMissingCode(reload);
    chunkGone();

    expect(reload).not.toHaveBeenCalled();
    expect(getAppUpdate()).toEqual({ state: 'none', codeMissing: false });
  });

  it('a waiting new version is offered, not applied, and missing code still reloads once', () => {
    const reload = vi.fn();
    stopWatching = watchForMissingCode(reload);
    offerAppUpdate();
    expect(getAppUpdate()).toEqual({ state: 'offered', codeMissing: false });
    expect(reload).not.toHaveBeenCalled();

    chunkGone();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
