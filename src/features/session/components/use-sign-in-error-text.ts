import { useTranslation } from 'react-i18next';
import { useApiErrorText, type ApiErrorText } from '@/components/states/use-api-error-text';
// The session namespace's texts, with this code.
import '../i18n';

/** The failures whose meaning differs at sign-in, where the key and the address are being tried. */
const SIGN_IN_CASES = ['not-found', 'network', 'bad-request'] as const;
type SignInCase = (typeof SIGN_IN_CASES)[number];
const isSignInCase = (value: string): value is SignInCase =>
  (SIGN_IN_CASES as readonly string[]).includes(value);

/**
 * The shared error words, read for a key check: a 401 or 403 means this key is wrong, a 404
 * or no answer at all means the address is (or the API refuses this site: a browser cannot
 * tell that from no network). Everything else (429, 5xx, a web page, a timeout) says the same
 * as on any screen. The details are the shared ones.
 */
export function useSignInErrorText(error: unknown): ApiErrorText & { keyRefused: boolean } {
  const { t } = useTranslation('session');
  const text = useApiErrorText(error);
  if (text.case === 'unauthorized' || text.case === 'forbidden') {
    return { ...text, title: t('refused.title'), description: t('refused.description'), keyRefused: true };
  }
  if (isSignInCase(text.case)) {
    return {
      ...text,
      title: t(`failure.${text.case}.title`),
      description: t(`failure.${text.case}.description`),
      keyRefused: false,
    };
  }
  return { ...text, keyRefused: false };
}
