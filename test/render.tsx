import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';
import { rememberBackgroundSyncPaused, startSession, type Session } from '@/lib/session';
import { TEST_SESSION } from './fixtures';

interface RenderAppOptions {
  /** Sign in before rendering; `null` renders signed out. */
  session?: Session | null;
  /**
   * Let the events list sync every event in the background, as after a real sign-in. Off by
   * default: a test about one screen should not download the account's other events meanwhile.
   */
  backgroundSync?: boolean;
}

/** What tests need of the router: where the app is, going somewhere, and being told of moves. */
export interface TestRouter {
  readonly state: { readonly location: Location };
  navigate: (to: string | number) => Promise<void>;
  subscribe: (listener: () => void) => () => void;
}

function createTestRouter(): { router: TestRouter; Probe: () => null } {
  let location: Location | null = null;
  let navigate: NavigateFunction | null = null;
  const listeners = new Set<() => void>();
  const router: TestRouter = {
    get state() {
      if (!location) throw new Error('The app has not rendered yet.');
      return { location };
    },
    navigate: async (to) => {
      if (!navigate) throw new Error('The app has not rendered yet.');
      await (typeof to === 'number' ? navigate(to) : navigate(to));
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  // Rendered inside the router: it keeps the current location and navigate function.
  function Probe() {
    const current = useLocation();
    navigate = useNavigate();
    if (current !== location) {
      location = current;
      queueMicrotask(() => listeners.forEach((listener) => listener()));
    }
    return null;
  }
  return { router, Probe };
}

/**
 * Render the whole app (real routes, providers, i18n) at a path, with a fresh QueryClient
 * whose retries are off so failures show at once.
 */
export function renderApp(
  initialPath: string,
  { session = TEST_SESSION, backgroundSync = false }: RenderAppOptions = {},
) {
  if (session) {
    startSession(session);
    if (!backgroundSync) rememberBackgroundSyncPaused(true);
  }
  const queryClient: QueryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const { router, Probe } = createTestRouter();
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}

/** The current in-app location of a rendered app, as `pathname?search`. */
export function currentPath(router: TestRouter): string {
  const { pathname, search } = router.state.location;
  return pathname + search;
}
