/**
 * Below this width the screens switch to their phone layout: registrations as cards in the
 * page's scroll, figures tables as cards. The style sheets say the same in their media queries.
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 40rem)';

/** Whether the window is in the phone layout now (no window to ask: not a phone). */
export const isPhoneLayout = (): boolean => globalThis.matchMedia?.(PHONE_LAYOUT_QUERY).matches === true;
