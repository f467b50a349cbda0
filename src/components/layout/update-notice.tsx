import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyAppUpdate, getAppUpdate, subscribeAppUpdate } from '@/lib/app-update';
import './update-notice.css';

/**
 * "A new version is available", over the page at the bottom (the screen never reflows for it),
 * on every screen, once the tab knows of a new version (lib/app-update.ts). It takes no focus and
 * blocks nothing: "Reload" switches to the new version, "Later" hides it for this page.
 */
export function UpdateNotice() {
  const { t } = useTranslation();
  const { state } = useSyncExternalStore(subscribeAppUpdate, getAppUpdate, getAppUpdate);
  const [later, setLater] = useState(false);
  const shown = state === 'offered' && !later;
  // The live region is always there, so a screen reader announces the notice when it appears.
  return (
    <div role="status" className="update-notice">
      {shown ? (
        <div className="update-notice__card">
          <p>{t('update.available')}</p>
          <div className="update-notice__actions">
            <button type="button" className="button button--primary" onClick={applyAppUpdate}>
              {t('update.reload')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setLater(true)}>
              {t('update.later')}
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
