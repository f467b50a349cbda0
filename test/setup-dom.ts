import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n from '@/i18n';

/* DOM test files only (jsdom project), after test/setup.ts. */

// CI runs the suite on 2 cores in parallel: give screens time to load before a find* gives up.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

// Registered after test/setup.ts's afterEach, so it runs before it (hooks run in reverse):
// unmount first, then end the session and check the console.
afterEach(() => {
  cleanup();
});
