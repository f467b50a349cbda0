import {
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { RegistrationRow } from '../rows/registration-rows';

/*
 * Registered once, at module scope, as TanStack Table 9 requires. TanStack Table holds the
 * column definitions and the header interactions, and builds the rows of the visible window
 * only. The sort and the hidden columns are the screen's URL-synced view, handed to the
 * table as controlled state; sorting and filtering 25,000-100,000 rows happen in the rows
 * model (sort-rows, filter-rows, view-rows), which keeps caches TanStack's row models would
 * rebuild on every change (measured side by side in `npm run bench`): manual mode.
 */
export const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

const helper = createColumnHelper<typeof features, RegistrationRow>();

/** Fixed columns then one column per custom question; every cell is the row's text. */
export function buildColumns(ids: readonly string[]) {
  return helper.columns(
    ids.map((id) => helper.accessor((row) => row.cells[id] ?? '', { id, sortDescFirst: false })),
  );
}
