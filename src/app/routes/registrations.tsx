import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/use-document-title';

/** Registrations table: built in the registrations work. */
export function RegistrationsRoute() {
  const { t } = useTranslation('registrations');
  useDocumentTitle(t('title'));
  return <div className="page" />;
}
