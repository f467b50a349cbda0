import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '@/i18n';
// The screens' texts, which the app adds when each screen's code loads.
import '@/features/events/i18n';
import '@/features/registrations/i18n';

/* DOM test files only (jsdom project), after test/setup.ts. */

// find* and waitFor wait on their condition, bounded just inside the test's own timeout
// (vitest.config.ts): how long a screen takes to load depends on how busy the machine is.
configure({ asyncUtilTimeout: 55_000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

// Registered after test/setup.ts's afterEach, so it runs before it (hooks run in reverse):
// unmount first, then end the session and check the console.
afterEach(() => {
  cleanup();
});

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
