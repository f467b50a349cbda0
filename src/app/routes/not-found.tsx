import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { StatePanel } from '@/components/states/state-panel';
import { useDocumentTitle } from '@/components/use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page">
      <StatePanel
        headingLevel={1}
        title={t('notFound.title')}
        actions={
          <Link className="button button--primary" to={paths.events.build()}>
            {t('notFound.action')}
          </Link>
        }
      >
        <p>{t('notFound.description')}</p>
      </StatePanel>
    </div>
  );
}
