import { useEffect, useRef, useState, type ReactNode } from 'react';
import './tables.css';

/**
 * Lets a wide table scroll sideways inside its own box instead of widening the page. Only
 * while it actually overflows does the box become a named, focusable region, so a keyboard
 * user can scroll it with the arrow keys without an extra Tab stop on every table that fits.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);

  useEffect(() => {
    const box = ref.current;
    // No ResizeObserver (jsdom): nothing is laid out, nothing overflows.
    if (!box || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(box);
    // The table grows (a "show all", a toggle) while the box keeps its width.
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      className="scroll-region"
      {...(overflows ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {children}
    </div>
  );
}
