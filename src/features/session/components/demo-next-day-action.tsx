import { lazy, Suspense } from 'react';
import { useSession } from '@/lib/session';

// Its own chunk, loaded in a demo session only: a promoter on a real API never downloads it.
const DemoNextDayButton = lazy(() =>
  import('./demo-next-day-button').then((m) => ({ default: m.DemoNextDayButton })),
);

/** "Move one day ahead" beside "What changed", in a demo session; nothing otherwise. */
export function DemoNextDayAction() {
  if (useSession()?.demo !== true) return null;
  return (
    <Suspense fallback={null}>
      <DemoNextDayButton />
    </Suspense>
  );
}
