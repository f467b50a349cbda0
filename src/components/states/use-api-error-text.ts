import { useTranslation } from 'react-i18next';
import { isApiError, type ApiError, type ApiErrorKind } from '@/lib/api-error';
import { OFFLINE_DETAIL } from '@/lib/offline';

/**
 * What happened, as a promoter tells it apart: the API's error kinds, with an answer that was
 * not the documented JSON split by what it means to them (a web page: a wrong address; JSON
 * that does not parse, or parses to the wrong shape: a fault for the IT contact), and no
 * network because the browser is offline apart from a request that got no answer.
 */
export type ApiErrorCase =
  | Exclude<ApiErrorKind, 'invalid-response'>
  | 'offline'
  | 'web-page'
  | 'unreadable'
  | 'unexpected-shape'
  | 'unexpected';

export interface ApiErrorText {
  case: ApiErrorCase;
  /** What happened, in a promoter's words. */
  title: string;
  /** What to do about it. */
  description: string;
  /**
   * For whoever helps the promoter (operator, IT contact), folded under "Details": the
   * address asked, what came back (HTTP status, content type, the field out of shape), the
   * raw error, and for no answer at all, that a CORS refusal looks the same to a browser.
   */
  details: string[];
}

export function apiErrorCase(error: unknown): ApiErrorCase {
  if (!isApiError(error)) return 'unexpected';
  if (error.kind === 'network' && error.detail === OFFLINE_DETAIL) return 'offline';
  if (error.kind !== 'invalid-response') return error.kind;
  if (error.field !== undefined) return 'unexpected-shape';
  return /html/i.test(error.contentType ?? '') ? 'web-page' : 'unreadable';
}

/** The words for any failure of an API call, in the current language. */
export function useApiErrorText(error: unknown): ApiErrorText {
  const { t } = useTranslation('errors');
  const errorCase = apiErrorCase(error);
  const wait = isApiError(error) ? error.retryAfterSeconds : undefined;
  const description =
    errorCase === 'rate-limited' && wait !== undefined && wait > 0
      ? t('rate-limited.descriptionWait', { count: wait })
      : t(`${errorCase}.description`);
  return {
    case: errorCase,
    title: t(`${errorCase}.title`),
    description,
    details: useDetails(error, errorCase),
  };
}

function useDetails(error: unknown, errorCase: ApiErrorCase): string[] {
  const { t } = useTranslation('errors');
  if (!isApiError(error))
    return error instanceof Error ? [t('details.error', { message: error.message })] : [];
  const lines = [t('details.request', { url: error.url ?? error.endpoint })];
  lines.push(answerLine(error, errorCase, t));
  if (errorCase === 'network') lines.push(t('details.cors'));
  lines.push(t('details.error', { message: error.message }));
  return lines;
}

type Translate = ReturnType<typeof useTranslation<'errors'>>['t'];

function answerLine(error: ApiError, errorCase: ApiErrorCase, t: Translate): string {
  switch (errorCase) {
    case 'offline':
      return t('details.offline');
    case 'network':
      return t('details.noAnswer');
    case 'timeout':
      return t('details.timeout');
    case 'unexpected-shape':
      return t('details.unexpectedField', { field: error.field ?? '' });
    case 'web-page':
    case 'unreadable':
      return t('details.notJson', { contentType: error.contentType ?? t('details.noContentType') });
    default:
      return error.status === undefined
        ? t('details.noAnswer')
        : t('details.status', { status: error.status });
  }
}
