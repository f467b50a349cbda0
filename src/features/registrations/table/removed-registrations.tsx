import { useTranslation } from 'react-i18next';
import { StatePanel } from '@/components/states/state-panel';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant } from '@/lib/dates';
import type { RemovedRegistration } from '@/engine/history/registration-history';
import type { RegistrationLabels } from '../rows/registration-labels';

interface RemovedRegistrationsProps {
  removed: readonly RemovedRegistration[];
  since: number;
  labels: RegistrationLabels;
}

/**
 * The registrations a full check no longer found on the server since a checkpoint, as they
 * last were. They are not rows of the list (no count, export or figure includes them): this
 * is where "3 removed" leads.
 */
export function RemovedRegistrations({ removed, since, labels }: RemovedRegistrationsProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const time = (at: number) => formatInstant(new Date(at), language);
  if (removed.length === 0) {
    return (
      <StatePanel title={t('changes.removedTitle', { time: time(since) })}>
        <p>{t('changes.removedNone')}</p>
      </StatePanel>
    );
  }
  const columns: TableColumn<RemovedRegistration>[] = [
    { id: 'name', header: t('changes.person'), cell: ({ row }) => labels.person(row) || labels.missing },
    { id: 'email', header: labels.column('email'), cell: ({ row }) => row.email ?? labels.missing },
    {
      id: 'category',
      header: labels.column('category'),
      cell: ({ row }) => labels.category(row.category_id),
    },
    {
      id: 'status',
      header: labels.column('payment_status'),
      cell: ({ row }) => labels.status(row.payment_status),
    },
    { id: 'order', header: labels.column('order_id'), cell: ({ row }) => row.order_id ?? labels.missing },
    { id: 'removed', header: t('changes.removedOn'), cell: ({ at }) => time(at) },
  ];
  return (
    <section className="card removed-registrations">
      <h2 className="removed-registrations__title">{t('changes.removedTitle', { time: time(since) })}</h2>
      <ResponsiveTable
        caption={t('changes.removedCaption')}
        columns={columns}
        rows={removed}
        rowKey={({ row }) => String(row.registration_id)}
      />
    </section>
  );
}
