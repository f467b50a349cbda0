import { useTranslation } from 'react-i18next';
import { LocalizedText } from '@/components/localized-text';
import type { Category } from '@/engine/api/event-schemas';
import type { CategoryBreakdown } from '@/engine/figures/category-breakdown';
import type { StatusCount } from '@/engine/figures/status-counts';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import type { Label } from '@/features/registrations/rows/registration-labels';
import { CountLink } from './count-link';
import { overviewLink } from '@/features/registrations/rows/registrations-links';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';

interface CategoryStatusTableProps {
  readonly eventId: number;
  /** The event's categories, for each one's type (race, walk…) under its name. */
  readonly categories: readonly Category[];
  readonly breakdown: CategoryBreakdown;
  readonly labels: InsightLabels;
}

/** A line of the table: one category, or all of them (`categoryId` undefined). */
interface Line {
  readonly key: string;
  readonly categoryId: number | null | undefined;
  readonly label: Label;
  readonly count: number;
  /** In the order of the breakdown's statuses. */
  readonly statuses: readonly StatusCount[];
}

/**
 * The event's categories with their figures (the event page has no separate list of
 * categories): a row per category (the event's own first, then ids it does not list, then
 * "no category"), a column per payment status seen (unknown ones as sent, marked so),
 * and a total row. Every number opens exactly the registrations it counts.
 */
export function CategoryStatusTable({ eventId, categories, breakdown, labels }: CategoryStatusTableProps) {
  const { t } = useTranslation('insights');
  const byId = new Map(categories.map((category) => [category.category_id, category]));
  const lines: Line[] = breakdown.categories.map((row) => ({
    key: String(row.categoryId ?? 'none'),
    categoryId: row.categoryId,
    label: labels.categoryLabel(row.categoryId),
    count: row.count,
    statuses: row.statuses,
  }));
  const total: Line = {
    key: 'all',
    categoryId: undefined,
    label: { text: t('overview.categories.allCategories') },
    count: breakdown.total,
    statuses: breakdown.statuses,
  };

  const columns: TableColumn<Line>[] = [
    {
      id: 'category',
      header: t('overview.categories.category'),
      cell: (line) => {
        const category = line.categoryId == null ? undefined : byId.get(line.categoryId);
        return (
          <>
            <span lang={line.label.lang}>{line.label.text}</span>
            {category && (category.epr_type_fr || category.epr_type_en) ? (
              <span className="overview-category__type">
                {' '}
                <LocalizedText record={category} field="epr_type" />
              </span>
            ) : null}
          </>
        );
      },
    },
    {
      id: 'total',
      header: t('overview.categories.total'),
      numeric: true,
      cell: (line) =>
        line.categoryId === undefined ? (
          <CountLink to={overviewLink(eventId)} count={line.count} />
        ) : (
          <CountLink
            to={overviewLink(eventId, { categoryId: line.categoryId })}
            count={line.count}
            what={line.label.text}
          />
        ),
    },
    ...breakdown.statuses.map(({ status }, index): TableColumn<Line> => {
      const statusLabel = labels.status(status);
      return {
        id: `status:${status}`,
        header: statusLabel,
        numeric: true,
        cell: (line) => (
          <CountLink
            to={overviewLink(eventId, {
              status,
              ...(line.categoryId !== undefined && { categoryId: line.categoryId }),
            })}
            count={line.statuses[index]?.count ?? 0}
            what={line.categoryId === undefined ? statusLabel : `${line.label.text}, ${statusLabel}`}
          />
        ),
      };
    }),
  ];

  return (
    <ResponsiveTable
      caption={t('overview.categories.caption')}
      columns={columns}
      rows={lines}
      footer={[total]}
      rowKey={(line) => line.key}
      tableClassName="data-table--matrix"
    />
  );
}
