import type { ReactNode } from 'react';
import './states.css';

/**
 * Says, in the warning colour, that a change made here could not be kept on this device (the
 * browser refused to store it: private browsing, a full disk), so it lasts only until the tab
 * closes. Always rendered, empty while all is kept, so that screen readers hear the warning
 * when it comes (a polite live region that was already there).
 */
export function NotKeptLine({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <p role="status" className="not-kept-line">
      {shown ? children : null}
    </p>
  );
}
