import type { RegistrationRow } from '../rows/registration-rows';

/** Colour of the payment status pill; an unknown status stays neutral. */
const STATUS_TONE: Record<string, string> = {
  paid: 'paid',
  free: 'free',
  pending: 'pending',
  refunded: 'refunded',
  cancelled: 'cancelled',
};

/** One cell's text as the table and the cards show it: a coloured pill for the payment status. */
export function RegistrationCell({ row, columnId }: { row: RegistrationRow; columnId: string }) {
  if (columnId === 'payment_status' && row.statusKey) {
    return (
      <span className={`status-pill status-pill--${STATUS_TONE[row.statusKey] ?? 'other'}`}>
        {row.cells.payment_status}
      </span>
    );
  }
  return <>{row.cells[columnId]}</>;
}
