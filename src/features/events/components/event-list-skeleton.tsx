import { Skeleton } from '@/components/states/skeleton';

export function EventListSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className="event-list" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="card event-card">
          <Skeleton width="70%" height="1.25rem" />
          <Skeleton width="50%" />
          <Skeleton width="40%" height="1.5rem" />
        </li>
      ))}
    </ul>
  );
}
