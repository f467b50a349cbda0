import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import i18n from '@/i18n';
import { endSession, resetSessionCache } from '@/lib/session';
import { server } from './msw-server';

// CI runs the suite on 2 cores in parallel: give screens time to load before a find* gives up.
configure({ asyncUtilTimeout: 5000 });

// An unhandled request is a test bug: msw reports it with console.error, which fails below.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

// An unexpected console.error (React warnings, act() warnings, msw's unhandled requests)
// fails the test that caused it, instead of scrolling past in the output.
let consoleErrors: unknown[][] = [];
beforeEach(async () => {
  await i18n.changeLanguage('en');
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  // Node-environment test files have no Web Storage.
  if (typeof sessionStorage !== 'undefined') {
    // Ending the session also drops what its subscribers keep (loaded registrations).
    endSession();
    sessionStorage.clear();
  }
  if (typeof localStorage !== 'undefined') localStorage.clear();
  resetSessionCache();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

afterAll(() => server.close());

// jsdom has no modal dialogs: the least of showModal()/close() so screens that use <dialog> can
// be tested here (focus trapping and the backdrop are tested in Chromium).
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    },
  });
  document.addEventListener('keydown', (event) => {
    const open = document.querySelector<HTMLDialogElement>('dialog[open]');
    if (event.key === 'Escape' && open) open.close();
  });
}

// jsdom hides popovers (its UA stylesheet) but cannot open them: show menu panels as if open,
// so screens that use the Popover API can be tested here (opening, Escape and light dismiss
// are the browser's, tested in Chromium).
if (typeof document !== 'undefined') {
  const style = document.createElement('style');
  style.textContent = '[popover] { display: block !important; }';
  document.head.append(style);
}
