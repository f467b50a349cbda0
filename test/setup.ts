// Parse the way production does (see src/lib/zod-setup.ts).
import '@/lib/zod-setup';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { runEngineInPage } from '@/engine/engine';
import { startEngine } from '@/engine/engine-handlers';
import { resetOffline } from '@/lib/offline';
import { endSession, resetSessionCache } from '@/lib/session';
import { server } from './msw-server';

/*
 * Every test file, Node or DOM: the network edge and the console.error guard.
 * DOM test files add test/setup-dom.ts (Testing Library, jest-dom, i18n).
 */

// jsdom has no Worker: the engine's handlers answer in the page, as the worker would.
runEngineInPage(startEngine);

// An unhandled request is a test bug: msw reports it with console.error, which fails below.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));

// An unexpected console.error (React warnings, act() warnings, msw's unhandled requests)
// fails the test that caused it, instead of scrolling past in the output.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  server.resetHandlers();
  // Node-environment test files have no Web Storage.
  if (typeof sessionStorage !== 'undefined') {
    // Ending the session also drops what its subscribers keep (loaded registrations).
    endSession();
    sessionStorage.clear();
  }
  if (typeof localStorage !== 'undefined') localStorage.clear();
  resetSessionCache();
  resetOffline();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
});

afterAll(() => server.close());
