import {
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { cellText, type RegistrationRow } from '../rows/registration-rows';

/*
 * Registered once, at module scope, as TanStack Table 9 requires. TanStack Table holds the
 * column definitions and the header interactions, and builds the rows of the visible window
 * only. The sort and the hidden columns are the screen's URL-synced view, handed to the
 * table as controlled state; sorting and filtering 25,000-100,000 rows happen in the rows
 * model (sort-rows, filter-rows, view-rows), which keeps caches TanStack's row models would
 * rebuild on every change (`npm run bench` compares the two: docs/performance.md): manual mode.
 */
export const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

const helper = createColumnHelper<typeof features, RegistrationRow>();

/** Fixed columns then one column per custom question; every cell is the row's text. */
export function buildColumns(ids: readonly string[]) {
  return helper.columns(
    ids.map((id) => helper.accessor((row) => cellText(row, id), { id, sortDescFirst: false })),
  );
}

/** Column widths in rem by id; question columns share one width. Longer text ends in "…". */
const COLUMN_WIDTHS: Record<string, number> = {
  registration_id: 7.5,
  first_name: 9,
  last_name: 10,
  email: 16,
  category: 14,
  order_id: 10.5,
  payment_status: 8.5,
};
const QUESTION_WIDTH = 13;
/** Whose row it is: these stay at the left while the other columns scroll under them. */
const STICKY_IDS = new Set(['registration_id', 'first_name', 'last_name']);

export interface ColumnLayout {
  id: string;
  /** Width in rem: the table is exactly as wide as its columns (or the box, when wider). */
  width: number;
  /** Distance from the left edge in rem for a column that stays in place; null when it scrolls. */
  stickyLeft: number | null;
  /** The last column that stays in place: it carries the edge between them and the rest. */
  stickyEdge: boolean;
}

/**
 * Widths and sticky offsets of the visible columns. The ID and name columns stay in place
 * only while they lead the row (they always do in the fixed order), so hiding one of them
 * moves the others left instead of leaving a gap.
 */
export function layoutColumns(visibleIds: readonly string[]): {
  columns: ColumnLayout[];
  totalWidth: number;
  stickyWidth: number;
} {
  let left = 0;
  let leading = true;
  const columns = visibleIds.map((id): ColumnLayout => {
    const width = COLUMN_WIDTHS[id] ?? QUESTION_WIDTH;
    leading = leading && STICKY_IDS.has(id);
    const stickyLeft = leading ? left : null;
    left += width;
    return { id, width, stickyLeft, stickyEdge: false };
  });
  const sticky = columns.filter((column) => column.stickyLeft !== null);
  const edge = sticky.at(-1);
  if (edge) edge.stickyEdge = true;
  return {
    columns,
    totalWidth: left,
    stickyWidth: edge ? edge.stickyLeft! + edge.width : 0,
  };
}
