import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import { changesSince, freezeOrder, sinceOrder, useFrozenOrder, type SizeChange } from './frozen-order';
import type { OrderChoice, OrderSheet } from './order-sheet';

interface FrozenOrderPanelProps {
  readonly eventId: number;
  readonly queId: number;
  /** What the sheet counts now: a freeze keeps it. */
  readonly choice: OrderChoice;
  readonly sizeName: (key: string) => string;
  /** The sheet counted with another choice: the frozen order's statuses, grouping and margin. */
  readonly sheetFor: (choice: OrderChoice) => OrderSheet;
}

/**
 * "Freeze this order" when the order goes to the supplier; afterwards, what moved since, per
 * size, counted with the statuses and margin of the order, and the top-up to send. The frozen
 * counts stay on this device, encrypted.
 */
export function FrozenOrderPanel({ eventId, queId, choice, sizeName, sheetFor }: FrozenOrderPanelProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const { frozen, ready, keep, keeping } = useFrozenOrder(eventId);
  if (!ready) return null;
  const sheet = sheetFor(choice);
  const freeze = () => keep(freezeOrder(queId, choice, sheet, new Date()));
  const count = (value: number) => formatCount(value, language);
  const signed = (value: number) => (value > 0 ? `+${count(value)}` : value < 0 ? `−${count(-value)}` : '0');

  if (!frozen || frozen.queId !== queId) {
    return (
      <p className="order-sheet__actions no-print">
        <button
          type="button"
          className="button button--primary"
          onClick={freeze}
          disabled={sheet.total === 0}
        >
          {t('orderSheet.freeze')}
        </button>
      </p>
    );
  }

  const time = formatInstant(new Date(frozen.frozenAt), language);
  // Counted as the order was, whatever the sheet shows now: only what the registrations did moves.
  const asOrdered = sheetFor(frozen.choice);
  const changes = changesSince(frozen, asOrdered).filter(
    (change) => change.then !== change.now || change.topUp > 0,
  );
  const since = sinceOrder(frozen, asOrdered);
  const columns: TableColumn<SizeChange>[] = [
    { id: 'size', header: t('orderSheet.size'), cell: (change) => sizeName(change.size) },
    { id: 'then', header: t('orderSheet.then'), numeric: true, cell: (change) => count(change.then) },
    { id: 'now', header: t('orderSheet.now'), numeric: true, cell: (change) => count(change.now) },
    {
      id: 'change',
      header: t('orderSheet.change'),
      numeric: true,
      cell: (change) => signed(change.now - change.then),
    },
    { id: 'topUp', header: t('orderSheet.topUp'), numeric: true, cell: (change) => count(change.topUp) },
  ];
  const ordered = frozen.ordered.reduce((sum, value) => sum + value, 0);

  return (
    <section className="order-sheet__frozen" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('orderSheet.frozen', { time, count: ordered, formatted: count(ordered) })}</h3>
      <p role="status" className={keeping === 'not-kept' ? 'order-sheet__not-kept' : 'muted'}>
        {keeping === 'saving'
          ? t('orderSheet.keepSaving')
          : keeping === 'kept'
            ? t('orderSheet.keepKept')
            : t('orderSheet.keepNotKept')}
      </p>
      {since ? (
        <p>
          {t('orderSheet.since', {
            registered: t('orderSheet.registered', {
              count: since.registered,
              formatted: count(since.registered),
            }),
            cancelled: t('orderSheet.cancelled', {
              count: since.cancelled,
              formatted: count(since.cancelled),
            }),
          })}
        </p>
      ) : null}
      {changes.length === 0 ? (
        <p className="muted">{t('orderSheet.noChange')}</p>
      ) : (
        <ResponsiveTable
          caption={t('orderSheet.changesCaption', { time })}
          columns={columns}
          rows={changes}
          rowKey={(change) => change.size}
        />
      )}
      <p className="order-sheet__actions no-print">
        <button type="button" className="button" onClick={freeze}>
          {t('orderSheet.freezeAgain')}
        </button>
        <button type="button" className="button button--danger" onClick={() => keep(null)}>
          {t('orderSheet.forget')}
        </button>
      </p>
    </section>
  );
}
