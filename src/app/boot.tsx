import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// i18next set up (the language detected, the texts every screen needs) before the first render.
import '@/i18n';
import { getSession } from '@/lib/session';
import { resumeDemo } from '@/features/session/demo';
import { adoptSessionFromOtherTab } from '@/features/session/session-handover';
import { App } from '@/app/app';
import { setUpAppShellWhenIdle } from '@/app/app-shell';
import { preloadScreenFor } from '@/app/routes';
import { prefetchScreenData } from '@/app/screen-data';
import { createQueryClient } from '@/lib/query-client';

/**
 * Starts the app. Everything the page's entry (main.tsx) does not need to start the
 * downloads is imported from here: the app's own code (React, the router, i18n, the query
 * client) is one script, the build's `app` chunk (vite.config.ts).
 */
export async function boot(): Promise<void> {
  // A reloaded demo session needs its handlers answering before the first request. If they
  // cannot load (offline, without the demo in the cache), the app still starts: the demo's
  // requests then fail with a network error that the screens show.
  if (getSession()?.demo) await resumeDemo().catch(() => undefined);
  // A tab opened from another signed-in tab (Ctrl+click) asks it for the session; the
  // guards wait for the answer (briefly) instead of showing sign-in.
  void adoptSessionFromOtherTab();
  // An encrypted copy of the registrations nobody opened for 30 days is deleted. The engine's
  // client comes with the screens' shared code, which the entry started downloading.
  void import('@/engine/copy/device-copy').then(
    ({ deleteUnusedDeviceCopyAtStart }) => deleteUnusedDeviceCopyAtStart(),
    () => undefined,
  );
  // The screen's code before the first render (the entry started its download): a lazy screen
  // rendered before its code is there would show a blank page for at least 300 ms (React's
  // minimum for a Suspense fallback).
  // Its data is asked for at the same time (the entry has sent the requests: screen-requests.ts).
  const queryClient = createQueryClient();
  const screenCode = preloadScreenFor(location.pathname);
  prefetchScreenData(queryClient, location.pathname);
  await screenCode;
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // The first render as a transition: React renders it in slices of a few milliseconds, with
  // the browser free in between, instead of one task of tens of milliseconds (four times that
  // on a phone) while the screen's data and rows are arriving.
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
  setUpAppShellWhenIdle();
}
