import { knownStatus } from '@/engine/api/payment-status';
import { cellText, type RegistrationRow } from '../rows/registration-rows';

/**
 * One cell's text as the table and the cards show it: a payment status is a pill coloured by
 * the status it is (payment-status: "Cancelled " is cancelled), an unknown one neutral.
 */
export function RegistrationCell({ row, columnId }: { row: RegistrationRow; columnId: string }) {
  if (columnId === 'payment_status' && row.statusKey) {
    return (
      <span className={`status-pill status-pill--${knownStatus(row.statusKey) ?? 'other'}`}>
        {row.status}
      </span>
    );
  }
  return <>{cellText(row, columnId)}</>;
}
