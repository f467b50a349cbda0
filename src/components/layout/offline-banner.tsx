import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant, todayCalendarDate } from '@/lib/dates';
import { copyAsOf, useOffline } from '@/lib/offline';

/**
 * When the data a query holds is as of: the time its answer was saved when it came from the
 * copy on this device; a list's own `loadedAt` when it has one (the registrations: loaded or
 * last checked for changes, or saved in the copy); else when the query last got its data.
 */
function asOfOf(query: Query): number | null {
  const data: unknown = query.state.data;
  if (data === undefined) return null;
  const kept = copyAsOf(data);
  if (kept) return kept.getTime();
  const loadedAt = typeof data === 'object' && data !== null && 'loadedAt' in data ? data.loadedAt : null;
  if (loadedAt instanceof Date) return loadedAt.getTime();
  return query.state.dataUpdatedAt || null;
}

/** The oldest "as of" among the queries a screen shows now (null: none holds data). */
function useShownAsOf(): number | null {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  const snapshot = useCallback(() => {
    let oldest: number | null = null;
    for (const query of cache.getAll()) {
      if (query.getObserversCount() === 0) continue;
      const asOf = asOfOf(query);
      if (asOf !== null && (oldest === null || asOf < oldest)) oldest = asOf;
    }
    return oldest;
  }, [cache]);
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/**
 * Offline, a calm line under the header on every screen: the screens show what is kept on
 * this device (read only), as of when. It goes away by itself when the network returns.
 */
export function OfflineBanner() {
  const offline = useOffline();
  // The live region is always there, so a screen reader announces the note when it appears.
  return <div role="status">{offline ? <OfflineNote /> : null}</div>;
}

function OfflineNote() {
  const { t } = useTranslation();
  const language = useLanguage();
  const asOf = useShownAsOf();
  let title = t('offline.title');
  if (asOf !== null) {
    const when = new Date(asOf);
    title =
      todayCalendarDate(when) === todayCalendarDate()
        ? t('offline.asOfTime', {
            time: new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(when),
          })
        : t('offline.asOfDate', { date: formatInstant(when, language) });
  }
  return (
    <div className="offline-banner">
      <div className="offline-banner__inner">
        <svg
          className="offline-banner__icon"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
        >
          {/* A cloud, struck through: no connection. */}
          <path
            d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.2 8.9 4.5 4.5 0 0 0 7 18z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <p>
          <strong>{title}</strong> <span className="offline-banner__detail">{t('offline.detail')}</span>
        </p>
      </div>
    </div>
  );
}
