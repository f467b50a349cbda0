import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<screen> · Promoter dashboard", in the current language. */
export function useDocumentTitle(screenTitle: string | null | undefined) {
  const { t } = useTranslation();
  const appName = t('appName');
  useEffect(() => {
    document.title = screenTitle ? `${screenTitle} · ${appName}` : appName;
  }, [screenTitle, appName]);
}
