import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { routes } from '@/app/routes';
import { startSession, type Session } from '@/lib/session';
import { TEST_SESSION } from './fixtures';

interface RenderAppOptions {
  /** Sign in before rendering; `null` renders signed out. */
  session?: Session | null;
}

/**
 * Render the whole app (real routes, providers, i18n) at a path, with a fresh QueryClient
 * whose retries are off so failures show at once.
 */
export function renderApp(initialPath: string, { session = TEST_SESSION }: RenderAppOptions = {}) {
  if (session) startSession(session);
  const queryClient: QueryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** The current in-app location of a rendered router, as `pathname?search`. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
