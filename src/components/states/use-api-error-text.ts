import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-error';

export interface ApiErrorText {
  title: string;
  description: string;
  /**
   * One line for whoever helps the promoter (operator, administrator): which request, and
   * what came back, in words. Null when there is nothing to say (not an API failure).
   */
  details: string | null;
}

/** The words for any failure of an API call, in the current language. */
export function useApiErrorText(error: unknown): ApiErrorText {
  const { t } = useTranslation('errors');
  if (!isApiError(error)) {
    return { title: t('unexpected.title'), description: t('unexpected.description'), details: null };
  }
  const { kind, endpoint, status, field, retryAfterSeconds } = error;
  const description =
    kind === 'rate-limited' && retryAfterSeconds !== undefined && retryAfterSeconds > 0
      ? t('rate-limited.descriptionWait', { count: retryAfterSeconds })
      : t(`${kind}.description`);

  let details: string;
  if (kind === 'network' || kind === 'timeout') details = t('details.noAnswer', { endpoint });
  else if (kind === 'invalid-response') {
    details = field ? t('details.unexpectedField', { endpoint, field }) : t('details.notJson', { endpoint });
  } else if (status !== undefined) details = t('details.status', { endpoint, status });
  else details = t('details.noAnswer', { endpoint });

  return { title: t(`${kind}.title`), description, details };
}
