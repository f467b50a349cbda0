import { useTranslation } from 'react-i18next';
import type { Registration } from '../loader/schemas';
import type { DuplicateGroup } from '../insights/duplicate-groups';
import type { InsightLabels } from '../insights/use-insight-labels';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import { ShowMoreButton, useShowMore } from '@/components/tables/show-more';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';

/** Registrations a group shows before "Show all". */
const FIRST_MEMBERS = 5;

interface DuplicateGroupTableProps {
  readonly group: DuplicateGroup;
  readonly labels: InsightLabels;
}

/** One group of possible duplicates: why they look alike, and each registration of it. */
export function DuplicateGroupTable({ group, labels }: DuplicateGroupTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  // A common name can gather dozens of people: the first few say what the group is.
  const members = useShowMore(group.registrations, FIRST_MEMBERS);
  const email = group.email ?? '';
  const name = group.name ?? '';
  const caption =
    group.reasons.length > 1
      ? t('overview.duplicates.both', { email, name })
      : group.reasons[0] === 'email'
        ? t('overview.duplicates.email', { email })
        : t('overview.duplicates.name', { name });

  const columns: TableColumn<Registration>[] = [
    {
      id: 'id',
      header: t('overview.duplicates.id'),
      cell: (registration) => registration.registration_id,
      className: 'data-table__code',
      width: '8rem',
    },
    {
      id: 'name',
      header: t('overview.duplicates.person'),
      // A name in Arabic or Hebrew keeps its own direction inside an English or French row.
      cell: (registration) => <bdi>{labels.person(registration)}</bdi>,
      width: '22%',
    },
    {
      id: 'email',
      header: t('overview.duplicates.emailColumn'),
      cell: (registration) => registration.email ?? '',
      className: 'data-table__email',
      width: '30%',
    },
    {
      id: 'category',
      header: t('overview.duplicates.category'),
      cell: (registration) => {
        const category = labels.categoryLabel(registration.category_id ?? null);
        return <span lang={category.lang}>{category.text}</span>;
      },
      width: '22%',
    },
    {
      id: 'status',
      header: t('overview.duplicates.status'),
      cell: (registration) => labels.status(registration.payment_status ?? ''),
      width: 'auto',
    },
  ];

  return (
    <>
      <ResponsiveTable
        caption={caption}
        columns={columns}
        rows={members.shown}
        rowKey={(registration) => String(registration.registration_id)}
      />
      {members.toggleable ? (
        <ShowMoreButton
          all={members.all}
          onToggle={members.toggle}
          showAllLabel={t('overview.duplicates.showMembers', {
            formatted: formatCount(group.registrations.length, language),
          })}
          showFirstLabel={t('overview.duplicates.showFirstMembers', { count: FIRST_MEMBERS })}
        />
      ) : null}
    </>
  );
}
