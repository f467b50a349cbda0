import { isPhoneLayout } from '@/config/layout';
import { paths } from '@/config/paths';

/**
 * Where each screen's code comes from: one importer per screen, used by the route tree (its
 * lazily loaded screens, routes.tsx) and by the page's entry (main.tsx), which starts the page
 * load's screen downloading beside the app's own code rather than after it has run.
 *
 * This module is part of the entry, the first script a page loads: it imports nothing but
 * the path patterns and the phone layout's breakpoint, so the entry stays a few kB and runs as
 * soon as it arrives.
 */
export const screenCode = {
  signIn: () => import('./routes/sign-in'),
  events: () => import('./routes/events'),
  event: () => import('./routes/event'),
  /**
   * The event page's main content, in a chunk of its own (the registrations screen does not
   * need it); the page's lazy component imports the same module (routes/event.tsx).
   */
  eventOverview: () => import('@/features/event-page/overview/event-overview'),
  registrations: () => import('./routes/registrations'),
  /**
   * The registrations screen's desktop table, in a chunk of its own (a phone shows cards); the
   * screen's lazy component imports the same module (registrations-screen.tsx).
   */
  registrationsTable: () => import('@/features/registrations/table/registrations-table'),
  device: () => import('@/features/device/device-screen'),
  notFound: () => import('./routes/not-found'),
} as const;

export type ScreenName = Exclude<
  keyof typeof screenCode,
  'eventOverview' | 'registrationsTable' | 'notFound'
>;

const SCREEN_PATTERNS: readonly [ScreenName, string][] = [
  ['signIn', paths.signIn.pattern],
  ['events', paths.events.pattern],
  ['event', paths.event.pattern],
  ['registrations', paths.registrations.pattern],
  ['device', paths.device.pattern],
];

/**
 * Whether `pathname` fits a route pattern of paths.ts as React Router matches it: the same
 * segments ignoring case, a `:param` standing for any one non-empty segment, trailing slashes
 * ignored. (React Router itself is not part of the entry.)
 */
function fitsPattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  return (
    want.length === have.length &&
    want.every((part, i) =>
      part.startsWith(':') ? have[i] !== '' : part.toLowerCase() === have[i]!.toLowerCase(),
    )
  );
}

/** The screen a page address opens, or null (the home redirect, an unknown address). */
export function screenAt(pathname: string): ScreenName | null {
  return SCREEN_PATTERNS.find(([, pattern]) => fitsPattern(pattern, pathname))?.[0] ?? null;
}

/**
 * Starts downloading the code of the screen at `pathname` (the event page's overview with its
 * page, the registrations screen's table with it on a desktop), without waiting for it: the
 * route tree's preload later finds it on its way. Never rejects (a failed download is the
 * render's to retry and show).
 */
export function startScreenCode(pathname: string): void {
  const screen = screenAt(pathname);
  if (screen === null) return;
  const loads: Promise<unknown>[] = [screenCode[screen]()];
  if (screen === 'event') loads.push(screenCode.eventOverview());
  if (screen === 'registrations' && !isPhoneLayout()) loads.push(screenCode.registrationsTable());
  for (const load of loads) load.catch(() => undefined);
}
