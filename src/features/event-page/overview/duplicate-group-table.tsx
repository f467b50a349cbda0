import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Registration } from '@/engine/api/registration-schemas';
import type { DuplicateGroup } from '@/engine/figures/duplicate-kinds';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import { ShowMoreButton, useShowMore } from '@/components/tables/show-more';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { orderLink, registrationLink } from '@/features/registrations/rows/registrations-links';

/** Registrations a group shows before "Show all". */
const FIRST_MEMBERS = 5;

interface DuplicateGroupTableProps {
  readonly eventId: number;
  readonly group: DuplicateGroup;
  readonly labels: InsightLabels;
  /** Given: a "Not a duplicate" button hides the group. */
  readonly onDismiss?: ((key: string) => void) | undefined;
  /** Given (a dismissed group): a "Restore" button shows it again. */
  readonly onRestore?: ((key: string) => void) | undefined;
}

/**
 * One group of possible duplicates: why they look alike, and each registration of it, its
 * name opening its details and its order the registrations of that order.
 */
export function DuplicateGroupTable({
  eventId,
  group,
  labels,
  onDismiss,
  onRestore,
}: DuplicateGroupTableProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  // A name can gather several people: the first few say what the group is.
  const members = useShowMore(group.registrations, FIRST_MEMBERS);
  const caption = groupCaption(group, t);

  const columns: TableColumn<Registration>[] = [
    {
      id: 'name',
      header: t('overview.duplicates.person'),
      // A name in Arabic or Hebrew keeps its own direction inside an English or French row.
      cell: (registration) => (
        <Link
          to={registrationLink(eventId, registration.registration_id)}
          aria-label={t('overview.duplicates.open', {
            name: labels.person(registration),
            id: registration.registration_id,
          })}
        >
          <bdi>{labels.person(registration)}</bdi>
        </Link>
      ),
      width: '22%',
    },
    {
      id: 'email',
      header: t('overview.duplicates.emailColumn'),
      cell: (registration) => registration.email ?? '',
      className: 'data-table__email',
      width: '28%',
    },
    {
      id: 'order',
      header: t('overview.duplicates.order'),
      cell: (registration) => {
        const order = registration.order_id?.trim() ?? '';
        return order === '' ? (
          <span className="muted">{t('overview.duplicates.noOrder')}</span>
        ) : (
          <Link to={orderLink(eventId, order)} aria-label={t('overview.duplicates.openOrder', { order })}>
            {order}
          </Link>
        );
      },
      className: 'data-table__code',
      width: '18%',
    },
    {
      id: 'category',
      header: t('overview.duplicates.category'),
      cell: (registration) => {
        const category = labels.categoryLabel(registration.category_id ?? null);
        return <span lang={category.lang}>{category.text}</span>;
      },
      width: '18%',
    },
    {
      id: 'status',
      header: t('overview.duplicates.status'),
      cell: (registration) => labels.status(registration.payment_status ?? ''),
      width: 'auto',
    },
  ];

  return (
    <div className="overview-duplicate">
      <ResponsiveTable
        caption={caption}
        columns={columns}
        rows={members.shown}
        rowKey={(registration) => String(registration.registration_id)}
      />
      <div className="overview-duplicate__actions no-print">
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
        {onDismiss ? (
          <button type="button" className="button" onClick={() => onDismiss(group.key)}>
            {t('overview.duplicates.dismiss')}
            <span className="visually-hidden">: {caption}</span>
          </button>
        ) : null}
        {onRestore ? (
          <button type="button" className="button" onClick={() => onRestore(group.key)}>
            {t('overview.duplicates.restore')}
            <span className="visually-hidden">: {caption}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Why the group's registrations look alike, with what they share. */
function groupCaption(group: DuplicateGroup, t: TFunction<'insights'>): string {
  const name = group.name ?? '';
  const email = group.email ?? '';
  switch (group.kind) {
    case 'likely':
      return group.email !== null
        ? t('overview.duplicates.caption.likelyEmail', { name, email })
        : group.orderId !== null
          ? t('overview.duplicates.caption.likelyOrder', { name, order: group.orderId })
          : t('overview.duplicates.caption.likely', { name });
    case 'possible':
      return t('overview.duplicates.caption.possible', { name, count: group.registrations.length });
    case 'shared-email':
      return t('overview.duplicates.caption.sharedEmail', { email, count: group.registrations.length });
  }
}
