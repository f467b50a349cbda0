import type { CSSProperties } from 'react';
import { Skeleton } from '@/components/states/skeleton';

// Inline, not in the overview's stylesheet: the event page shows this skeleton while that
// stylesheet and the overview's code are still loading.
const column: CSSProperties = { display: 'flex', flexDirection: 'column', gap: 'var(--space-3)' };
const figures: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 10rem), 1fr))',
  gap: 'var(--space-3)',
};

/** The shape of the overview's first section (key figures, then a table) while it loads. */
export function OverviewSkeleton() {
  return (
    <div style={column} aria-hidden="true">
      <div style={figures}>
        <Skeleton height="3.5rem" />
        <Skeleton height="3.5rem" />
        <Skeleton height="3.5rem" />
      </div>
      <Skeleton height="1.25rem" width="40%" />
      <Skeleton height="8rem" />
    </div>
  );
}
