import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to show its heading (lazy code, then data) before we give up. */
const HEADING_WAIT_MS = 10_000;

/**
 * After an in-app navigation, move focus to the new screen's `<h1>` inside `main`, so a
 * screen reader announces the screen and the next Tab reaches what follows the heading,
 * instead of starting over from the top of the page (where a client-side navigation
 * otherwise leaves focus).
 *
 * - Only a change of pathname counts: search params change as the user types in a filter.
 * - Nothing moves before the user has interacted with the page: the first load and its
 *   redirects (`/` -> `/events`, a signed-out deep link -> sign-in) leave focus alone.
 * - A screen whose heading comes with its data (event detail) is watched until the `<h1>`
 *   appears; if the user has moved focus somewhere meanwhile, it stays there.
 *
 * Screens render exactly one `<h1>` in `main`; it gets `tabindex="-1"` here (focusable by
 * script, not in the Tab order) if it does not have it already.
 */
export function useHeadingFocusOnNavigation(mainRef: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const previousPathname = useRef(pathname);
  const interacted = useUserHasInteracted();

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = mainRef.current;
    if (!main || !interacted.current) return;

    const focusedAtNavigation = document.activeElement;
    const userMovedOn = () => {
      const active = document.activeElement;
      return (
        active !== null &&
        active !== document.body &&
        active !== main &&
        active !== focusedAtNavigation &&
        active.isConnected
      );
    };
    const focusHeading = (): boolean => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (userMovedOn()) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;

    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timeout = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timeout);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainRef, interacted]);
}

/** Becomes true at the user's first key press or pointer press anywhere in the page. */
function useUserHasInteracted(): RefObject<boolean> {
  const interacted = useRef(false);
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
      stop();
    };
    const stop = () => {
      document.removeEventListener('pointerdown', mark, true);
      document.removeEventListener('keydown', mark, true);
    };
    document.addEventListener('pointerdown', mark, true);
    document.addEventListener('keydown', mark, true);
    return stop;
  }, []);
  return interacted;
}
