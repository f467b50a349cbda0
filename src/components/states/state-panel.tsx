import type { ReactNode } from 'react';
import './states.css';

interface StatePanelProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: 'neutral' | 'error';
  /** Errors are announced to screen readers as they appear. */
  role?: 'alert' | 'status';
  /** 1 when the panel is the whole screen (not found, unavailable), so it names the page. */
  headingLevel?: 1 | 2;
}

/** The one shape for empty, error and "not available" states: what happened, what to do next. */
export function StatePanel({
  title,
  children,
  actions,
  tone = 'neutral',
  role,
  headingLevel = 2,
}: StatePanelProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className={`card state${tone === 'error' ? ' state--error' : ''}`} role={role}>
      <Heading className="state__title">{title}</Heading>
      {children}
      {actions ? <div className="state__actions">{actions}</div> : null}
    </section>
  );
}
