/**
 * Below this width the screens switch to their phone layout: registrations as cards in the
 * page's scroll, figures tables as cards. The style sheets say the same in their media queries.
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 40rem)';
