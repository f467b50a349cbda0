import type { RouteObject } from 'react-router-dom';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AppLayout } from '@/components/layout/app-layout';
import { AppShellFallback } from '@/components/layout/app-shell-fallback';
import { RequireSession } from '@/features/session/components/require-session';
import { SignOutButton } from '@/features/session/components/sign-out-button';
import { RouteError } from './routes/route-error';

/** The route tree; screens are lazy so each one's code loads when it is first opened. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout account={<SignOutButton />} />,
    errorElement: <RouteError />,
    // Shown while the first lazy screen loads; the screens bring their own skeletons.
    hydrateFallbackElement: <AppShellFallback />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            path: paths.signIn.pattern,
            lazy: () => import('./routes/sign-in').then((m) => ({ Component: m.SignInRoute })),
          },
          {
            element: <RequireSession />,
            children: [
              { index: true, element: <Navigate to={paths.events.build()} replace /> },
              {
                path: paths.events.pattern,
                lazy: () => import('./routes/events').then((m) => ({ Component: m.EventsRoute })),
              },
              {
                path: paths.event.pattern,
                lazy: () => import('./routes/event').then((m) => ({ Component: m.EventRoute })),
              },
              {
                path: paths.registrations.pattern,
                lazy: () =>
                  import('./routes/registrations').then((m) => ({ Component: m.RegistrationsRoute })),
              },
            ],
          },
          {
            path: '*',
            lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
          },
        ],
      },
    ],
  },
];
