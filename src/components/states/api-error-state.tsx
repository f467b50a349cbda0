import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';
import { StatePanel } from './state-panel';
import type { ReactNode } from 'react';

interface ApiErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** Extra ways forward besides retrying (clear filters, back to the list). */
  actions?: ReactNode;
}

/** Turns any failure into a translated title, an explanation and a way forward. */
export function ApiErrorState({ error, onRetry, actions }: ApiErrorStateProps) {
  const { t } = useTranslation('errors');
  const kind = isApiError(error) ? error.kind : 'unexpected';
  const retryAfter = isApiError(error) ? error.retryAfterSeconds : undefined;
  return (
    <StatePanel
      tone="error"
      role="alert"
      title={t(`${kind}.title`)}
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
      <p>{t(`${kind}.description`, { seconds: retryAfter ?? 0 })}</p>
      {isApiError(error) ? (
        <p className="muted">
          <small>{t('technical', { endpoint: error.endpoint, status: error.status ?? '—' })}</small>
        </p>
      ) : null}
      {isApiError(error) && error.kind === 'invalid-response' && error.field ? (
        <p className="muted">
          <small>{t('invalid-response.field', { field: error.field })}</small>
        </p>
      ) : null}
    </StatePanel>
  );
}
