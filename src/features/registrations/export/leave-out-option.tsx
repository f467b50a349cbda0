import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@/engine/api/event-schemas';
import { formatCount } from '@/lib/numbers';
import { leftOutStatusNames, statusValuesText, type StatusTally } from '@/engine/api/payment-status';
import { useRegistrationLabels } from '../rows/use-registrations-model';

/** Status names need no category. */
const NO_CATEGORIES: readonly Category[] = [];

interface LeaveOutOptionProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** What leaving out by status does to the rows shown (tallyStatuses). */
  tally: StatusTally;
}

/**
 * "Leave out registrations with the status Cancelled or Refunded", the statuses named from the
 * one list (payment-status), with how many of the rows shown that leaves out, and how many
 * have a status the app does not know, which are never left out.
 */
export function LeaveOutOption({ checked, onChange, tally }: LeaveOutOptionProps) {
  const { t } = useTranslation('registrations');
  const labels = useRegistrationLabels(NO_CATEGORIES);
  const { language } = labels;
  const id = useId();
  return (
    <label className="print-dialog__option" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        {t('printDialog.leaveOut', { statuses: leftOutStatusNames(labels.status, language) })}
        <span className="field__hint print-dialog__hint" id={`${id}-hint`}>
          {t('printDialog.leaveOutCount', {
            count: tally.leftOut,
            formatted: formatCount(tally.leftOut, language),
          })}
          {tally.unknown > 0
            ? ` ${t('printDialog.unknownStatus', {
                count: tally.unknown,
                formatted: formatCount(tally.unknown, language),
                statuses: statusValuesText(tally.unknownStatuses),
              })}`
            : null}
        </span>
      </span>
    </label>
  );
}
