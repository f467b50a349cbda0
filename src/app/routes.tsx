import { Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AppLayout } from '@/components/layout/app-layout';
import { preloadableLazy } from '@/components/preloadable-lazy';
import { RequireSession } from '@/features/session/components/require-session';
import { DeviceLink } from '@/features/device/device-link';
import { SignOutButton } from '@/features/session/components/sign-out-button';
import { HeaderSearch } from '@/features/participant-search/header-search';
import { RouteErrorBoundary } from './routes/route-error';
import { screenAt, screenCode, type ScreenName } from './screen-code';

// Each screen's code loads when it is first opened (or, for the page load's screen, before the
// first render: see preloadScreenFor). Where it comes from is screen-code.ts.
const SignInRoute = preloadableLazy(() => screenCode.signIn().then((m) => m.SignInRoute));
const EventsRoute = preloadableLazy(() => screenCode.events().then((m) => m.EventsRoute));
const EventRoute = preloadableLazy(() => screenCode.event().then((m) => m.EventRoute));
const RegistrationsRoute = preloadableLazy(() =>
  screenCode.registrations().then((m) => m.RegistrationsRoute),
);
const DeviceRoute = preloadableLazy(() => screenCode.device().then((m) => m.DeviceScreen));
const NotFoundRoute = preloadableLazy(() => screenCode.notFound().then((m) => m.NotFoundRoute));

const PRELOADS: Record<ScreenName, () => Promise<void>> = {
  signIn: SignInRoute.preload,
  events: EventsRoute.preload,
  // The event page's overview too: it is the page's main content, shown at the first render.
  event: () =>
    Promise.all([EventRoute.preload(), screenCode.event().then((m) => m.preloadEventOverview())]).then(
      () => undefined,
    ),
  registrations: RegistrationsRoute.preload,
  device: DeviceRoute.preload,
};

/**
 * Loads the code of the screen at `pathname` (the page load's), so the first render shows it
 * rather than a blank page for React's 300 ms minimum of a Suspense fallback. Never rejects: a
 * screen whose code cannot load now is tried again, and its error shown, by the render. The
 * entry (main.tsx) started these downloads already: this waits for them.
 */
export function preloadScreenFor(pathname: string): Promise<void> {
  const screen = screenAt(pathname);
  return screen ? PRELOADS[screen]().catch(() => undefined) : Promise.resolve();
}

/**
 * The screens inside the layout: an error in one screen shows the error page in place of the
 * screen (the header stays), and goes away on the next navigation. While a screen's code
 * loads, the header is already there; the screens bring their own skeletons.
 */
function Screen() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary key={pathname}>
      <Suspense fallback={<div className="page" aria-busy="true" />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * The route tree, in React Router's declarative mode: the app needs no loaders or actions
 * (React Query fetches), and the data router would add 16 kB gzip to the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <AppLayout
            search={<HeaderSearch />}
            account={
              <>
                <DeviceLink />
                <SignOutButton />
              </>
            }
          />
        }
      >
        <Route element={<Screen />}>
          <Route path={paths.signIn.pattern} element={<SignInRoute />} />
          <Route element={<RequireSession />}>
            <Route index element={<Navigate to={paths.events.build()} replace />} />
            <Route path={paths.events.pattern} element={<EventsRoute />} />
            <Route path={paths.event.pattern} element={<EventRoute />} />
            <Route path={paths.registrations.pattern} element={<RegistrationsRoute />} />
            <Route path={paths.device.pattern} element={<DeviceRoute />} />
          </Route>
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}
