import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { StatePanel } from '@/components/states/state-panel';
import { useDocumentTitle } from '@/components/use-document-title';

/** Catches what a screen throws while rendering, and shows RouteError in its place. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept for whoever opens the console; the promoter sees the translated page.
    console.warn('A screen failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/** The error page of every screen: a translated message and a way back, never a blank page. */
function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
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
