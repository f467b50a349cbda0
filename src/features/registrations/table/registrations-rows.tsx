import { Suspense, useCallback } from 'react';
import { preloadableLazy } from '@/components/preloadable-lazy';
import { useMediaQuery } from '@/components/use-media-query';
import { isPhoneLayout, PHONE_LAYOUT_QUERY } from '@/config/layout';
import type { Label } from '../rows/registration-labels';
import type { RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsView } from '../rows/registrations-view';
import { RegistrationCards } from './registration-cards';
import { RegistrationsTableSkeleton } from './registrations-table-skeleton';

// The desktop table (TanStack Table and Virtual) in a chunk of its own: a phone shows cards and
// never downloads it. On a desktop it loads with the screen's code (and a page load's entry
// starts it beside the screen's, screen-code.ts), so the first rows find it there.
const RegistrationsTable = preloadableLazy(() =>
  import('./registrations-table').then((m) => m.RegistrationsTable),
);
if (!isPhoneLayout()) void RegistrationsTable.preload().catch(() => undefined);
interface RegistrationsRowsProps {
  readonly rows: readonly RegistrationRow[];
  readonly columnIds: readonly string[];
  /** The columns shown: the phone's sort menu offers these. */
  readonly visibleColumnIds: readonly string[];
  readonly view: RegistrationsView;
  readonly setView: (change: (current: RegistrationsView) => RegistrationsView) => void;
  readonly titles: ReadonlyMap<string, Label>;
  readonly caption: string;
  readonly onOpen: (registrationId: number) => void;
}

/**
 * The rows of the registrations screen: cards in the page's scroll on a phone (1,800 px of
 * table in a 360 px screen would show two columns), the table on a desktop.
 */
export function RegistrationsRows(props: RegistrationsRowsProps) {
  const { rows, columnIds, visibleColumnIds, view, setView, titles, caption, onOpen } = props;
  const onSortChange = useCallback(
    (sort: RegistrationsView['sort']) => setView((current) => ({ ...current, sort })),
    [setView],
  );
  const phone = useMediaQuery(PHONE_LAYOUT_QUERY);
  // Changes with the search, filters and sort: the list goes back to its top.
  const viewKey = JSON.stringify([
    view.q,
    view.categories,
    view.statuses,
    view.excludedCategories,
    view.excludedStatuses,
    view.answers,
    view.sort,
    view.changes,
  ]);
  return phone ? (
    <RegistrationCards
      rows={rows}
      viewKey={viewKey}
      sortableIds={visibleColumnIds}
      sort={view.sort}
      onSortChange={onSortChange}
      titles={titles}
      label={caption}
      onOpen={onOpen}
    />
  ) : (
    <Suspense fallback={<RegistrationsTableSkeleton />}>
      <RegistrationsTable
        rows={rows}
        viewKey={viewKey}
        columnIds={columnIds}
        sort={view.sort}
        hidden={view.hidden}
        onSortChange={onSortChange}
        titles={titles}
        caption={caption}
        selectedId={view.open}
        onOpen={onOpen}
      />
    </Suspense>
  );
}
