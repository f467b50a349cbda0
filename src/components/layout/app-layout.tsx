import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { LanguageSwitch } from '../language-switch';
import { OfflineBanner } from './offline-banner';
import { UpdateNotice } from './update-notice';
import { useHeadingFocusOnNavigation } from './use-heading-focus-on-navigation';
import './app-layout.css';

/**
 * Header, skip link and main landmark around every screen. `account` holds sign-out, `search`
 * the search across events; both show only to a signed-in user. After a navigation, focus
 * moves to the screen's `<h1>` (see useHeadingFocusOnNavigation).
 */
export function AppLayout({ account, search }: { account?: ReactNode; search?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const mainRef = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigation(mainRef);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="app-header">
        <div className="app-header__inner">
          <Link to={session ? paths.events.build() : paths.signIn.build()} className="app-header__brand">
            <span className="app-header__logo" aria-hidden="true">
              ◆
            </span>
            {/* A phone's header shows the short name; the full one stays what is read out. */}
            <span className="app-header__name">
              <span className="app-header__name-long">{t('appName')}</span>
              <span className="app-header__name-short" aria-hidden="true">
                {t('appNameShort')}
              </span>
            </span>
          </Link>
          {session?.demo ? (
            <span className="badge badge--warning app-header__demo">
              {/* The short word fits a phone's header; the full one is what is read out. */}
              <span className="app-header__demo-long">{t('demoBadge')}</span>
              <span className="app-header__demo-short" aria-hidden="true">
                {t('demoBadgeShort')}
              </span>
            </span>
          ) : null}
          {session ? search : null}
          <div className="app-header__actions">
            <LanguageSwitch />
            {session ? account : null}
          </div>
        </div>
      </header>
      {session ? <OfflineBanner /> : null}
      <main id="main" ref={mainRef} tabIndex={-1} className="app-main">
        <Outlet />
      </main>
      <UpdateNotice />
    </>
  );
}
