import { Skeleton } from '@/components/states/skeleton';

/** Stand-in for the table until the first page arrives. */
export function RegistrationsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div className="card registrations-skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height="1.75rem" />
      ))}
    </div>
  );
}
