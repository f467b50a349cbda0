import { useTranslation } from 'react-i18next';
import './app-layout.css';

/**
 * What the first load shows while the first screen's code arrives: the header's frame and
 * name, so something meaningful is painted one round trip earlier, and at the height the
 * real header will have (no layout shift when it replaces this).
 */
export function AppShellFallback() {
  const { t } = useTranslation();
  return (
    <>
      <header className="app-header">
        <div className="app-header__inner">
          <span className="app-header__brand">
            <span className="app-header__logo" aria-hidden="true">
              ◆
            </span>
            <span className="app-header__name">{t('appName')}</span>
          </span>
        </div>
      </header>
      <main id="main" className="app-main">
        <div className="page" aria-busy="true" />
      </main>
    </>
  );
}
