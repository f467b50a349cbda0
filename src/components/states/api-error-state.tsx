import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorDetails } from './error-details';
import { StatePanel } from './state-panel';
import { useApiErrorText } from './use-api-error-text';

interface ApiErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** Extra ways forward besides retrying (clear filters, back to the list). */
  actions?: ReactNode;
}

/**
 * Turns any failure into what happened and what to do, in a promoter's words, a way forward,
 * and the technical detail folded under "Details" for their operator or IT contact.
 */
export function ApiErrorState({ error, onRetry, actions }: ApiErrorStateProps) {
  const { t } = useTranslation('errors');
  const text = useApiErrorText(error);
  return (
    <StatePanel
      tone="error"
      role="alert"
      title={text.title}
      actions={
        <>
          {onRetry ? (
            <button type="button" className="button button--primary" onClick={onRetry}>
              {t('retry')}
            </button>
          ) : null}
          {actions}
        </>
      }
    >
      <p>{text.description}</p>
      <ErrorDetails lines={text.details} />
    </StatePanel>
  );
}
