import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import { StatePanel } from '@/components/states/state-panel';
import { useDocumentTitle } from '@/components/use-document-title';

/** The error boundary of every screen: a translated message and a way back, never a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useDocumentTitle(t('crash.title'));
  return (
    <div className="page">
      <StatePanel
        tone="error"
        role="alert"
        headingLevel={1}
        title={t('crash.title')}
        actions={
          <>
            <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
              {t('crash.reload')}
            </button>
            <Link className="button" to={paths.events.build()} reloadDocument>
              {t('crash.back')}
            </Link>
          </>
        }
      >
        <p>{t('crash.description')}</p>
        {error instanceof Error ? (
          <p className="muted">
            <small>{error.message}</small>
          </p>
        ) : null}
      </StatePanel>
    </div>
  );
}
