import { Component, useSyncExternalStore, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { StatePanel } from '@/components/states/state-panel';
import { useDocumentTitle } from '@/components/use-document-title';
import { applyAppUpdate, getAppUpdate, subscribeAppUpdate } from '@/lib/app-update';

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
    return this.state.error === null ? this.props.children : <ScreenFailed error={this.state.error} />;
  }
}

/**
 * A screen whose code is gone after a deploy is no crash: while the tab reloads itself, the
 * blank page a screen shows while its code loads; when it will not reload again, the update's
 * offer in the screen's place (lib/app-update.ts).
 */
function ScreenFailed({ error }: { error: unknown }) {
  const update = useSyncExternalStore(subscribeAppUpdate, getAppUpdate, getAppUpdate);
  if (update.state === 'reloading') return <div className="page" aria-busy="true" />;
  if (update.codeMissing) return <UpdateNeeded />;
  return <RouteError error={error} />;
}

function UpdateNeeded() {
  const { t } = useTranslation();
  useDocumentTitle(t('update.screenTitle'));
  return (
    <div className="page">
      <StatePanel
        role="status"
        headingLevel={1}
        title={t('update.screenTitle')}
        actions={
          <button type="button" className="button button--primary" onClick={applyAppUpdate}>
            {t('update.reload')}
          </button>
        }
      >
        <p>{t('update.screenDescription')}</p>
      </StatePanel>
    </div>
  );
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
