import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppLayout } from '@/components/layout/app-layout';
import { RequireSession } from '@/features/session/components/require-session';
import { DeviceLink } from '@/features/device/device-link';
import { SignOutButton } from '@/features/session/components/sign-out-button';
import { RouteErrorBoundary } from './routes/route-error';

// Each screen's code loads when it is first opened.
const SignInRoute = lazy(() => import('./routes/sign-in').then((m) => ({ default: m.SignInRoute })));
const EventsRoute = lazy(() => import('./routes/events').then((m) => ({ default: m.EventsRoute })));
const EventRoute = lazy(() => import('./routes/event').then((m) => ({ default: m.EventRoute })));
const RegistrationsRoute = lazy(() =>
  import('./routes/registrations').then((m) => ({ default: m.RegistrationsRoute })),
);
const DeviceRoute = lazy(() =>
  import('@/features/device/device-screen').then((m) => ({ default: m.DeviceScreen })),
);
const NotFoundRoute = lazy(() => import('./routes/not-found').then((m) => ({ default: m.NotFoundRoute })));

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
