import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from './state-panel';
import { useApiErrorText } from './use-api-error-text';

interface ApiErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** Extra ways forward besides retrying (clear filters, back to the list). */
  actions?: ReactNode;
}

/** Turns any failure into a translated title, an explanation and a way forward. */
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
      {text.details ? (
        <p className="muted">
          <small>{text.details}</small>
        </p>
      ) : null}
    </StatePanel>
  );
}
