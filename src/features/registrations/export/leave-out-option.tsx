import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';

interface LeaveOutOptionProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** How many of the rows shown are cancelled or refunded. */
  leftOut: number;
}

/** "Leave out cancelled and refunded registrations", with how many of the rows shown that is. */
export function LeaveOutOption({ checked, onChange, leftOut }: LeaveOutOptionProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
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
        {t('printDialog.leaveOut')}
        <span className="field__hint print-dialog__hint" id={`${id}-hint`}>
          {t('printDialog.leaveOutCount', { count: leftOut, formatted: formatCount(leftOut, language) })}
        </span>
      </span>
    </label>
  );
}
