import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstant } from '@/lib/dates';
import { useBrowserOffline } from '@/lib/offline';
import { formatCount } from '@/lib/numbers';
import type { LoadWarning } from '@/engine/loader/load-types';
import type { RegistrationsData } from '../api/registrations-data';
import './load-status.css';
import { useLanguage } from '@/i18n/use-language';
import { DeviceCopyNote } from './device-copy-note';

interface LoadStatusProps {
  eventId: number;
  data: RegistrationsData;
  /** A query run is under way (a load, a resume or a refresh). */
  fetching: boolean;
  onCancel: () => void;
  /** Resume, retry the missing pages, or check for changes: the query decides from its state. */
  onContinue: () => void;
  /** "Verify the whole list": download it again in the background to find deletions. */
  onVerify: () => void;
}

/**
 * What the loader is doing and what it saw: progress with a cancel while loading, a clear
 * "not complete" with a retry when pages failed or the load was stopped, and the time of
 * the data with a refresh once complete. Never says "complete" about a partial list.
 */
// Memoized: a keystroke in the search changes none of its props.
export const LoadStatus = memo(function LoadStatus({
  eventId,
  data,
  fetching,
  onCancel,
  onContinue,
  onVerify,
}: LoadStatusProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const count = (n: number) => formatCount(n, language);
  const report = data.report;
  const loaded = data.rows.length;
  const total = report.pagination?.meta?.total;
  // A load or a resume is running (a refresh keeps the "complete" banner and says it is checking).
  const loading = fetching && data.refresh === null && data.phase !== 'complete';
  // With no network there is nothing to check against (the offline banner says so; the check
  // runs by itself when the network returns).
  const offline = useBrowserOffline();

  if (loading) {
    return (
      <div className="load-status" role="status">
        {/*
         * The same elements as the finished banner's first line (div > p > strong): the text
         * changes in place when the load ends, so the browser does not take the new line for
         * the page's largest late paint (LCP) after a 25,000-row load.
         */}
        <div className="load-status__text">
          <p>
            <strong>
              {total !== undefined
                ? t('load.loadingOf', { loaded: count(loaded), total: count(total) })
                : t('load.loading', { loaded: count(loaded) })}
            </strong>
          </p>
          <progress
            className="load-status__bar"
            aria-label={t('load.progressLabel')}
            {...(total !== undefined ? { value: loaded, max: Math.max(total, 1) } : {})}
          />
        </div>
        <button type="button" className="button" onClick={onCancel}>
          {t('load.cancel')}
        </button>
      </div>
    );
  }

  if (data.phase === 'cancelled' || data.phase === 'incomplete') {
    const failed = report.pagesFailed.length;
    return (
      <div className="load-status load-status--warning" role="alert">
        <p className="load-status__text">
          <strong>{t('load.notComplete')}</strong>{' '}
          {data.phase === 'cancelled'
            ? t('load.cancelled', { loaded: count(loaded) })
            : failed > 0
              ? t('load.incomplete', { loaded: count(loaded), count: failed })
              : t('load.unproven', { loaded: count(loaded) })}
        </p>
        <button type="button" className="button button--primary" onClick={onContinue}>
          {data.phase === 'cancelled' ? t('load.resume') : t('load.retryMissing')}
        </button>
      </div>
    );
  }

  if (data.phase !== 'complete') return null;

  const refresh = data.refresh;
  const when = data.loadedAt;
  const fullCheckAt = data.history?.fullCheckAt;
  const busy = fetching || refresh?.phase === 'loading' || refresh?.phase === 'verifying';
  return (
    <div className="load-status load-status--done" role="status">
      <div className="load-status__text">
        <p>
          <strong>{t('load.complete', { count: loaded, formatted: count(loaded) })}</strong>
          {when ? <> · {t('load.asOf', { time: formatInstant(when, language) })}</> : null}
        </p>
        {refresh?.phase === 'loading' ? <p>{t('load.refreshing')}</p> : null}
        {refresh?.phase === 'done' ? (
          <p>
            {refresh.changed || refresh.added
              ? t('load.refreshDone', {
                  changed: count(refresh.changed ?? 0),
                  added: count(refresh.added ?? 0),
                })
              : t('load.refreshNone')}
          </p>
        ) : null}
        {refresh?.phase === 'verifying' ? (
          <>
            <p>
              {refresh.total !== null
                ? t('load.verifyingOf', { loaded: count(refresh.loaded), total: count(refresh.total) })
                : t('load.verifying', { loaded: count(refresh.loaded) })}
            </p>
            <progress
              className="load-status__bar"
              aria-label={t('load.verifyProgress')}
              {...(refresh.total !== null ? { value: refresh.loaded, max: Math.max(refresh.total, 1) } : {})}
            />
          </>
        ) : null}
        {refresh?.phase === 'verified' ? (
          <p>
            {refresh.removed || refresh.changed || refresh.added
              ? t('load.verified', {
                  removed: count(refresh.removed),
                  changed: count(refresh.changed),
                  added: count(refresh.added),
                })
              : t('load.verifiedNone')}
          </p>
        ) : null}
        {refresh?.phase === 'error' ? <p className="load-status__error">{t('load.refreshFailed')}</p> : null}
        {fullCheckAt !== undefined && refresh?.phase !== 'verifying' ? (
          <p className="muted">
            {t('load.lastFullCheck', { time: formatInstant(new Date(fullCheckAt), language) })}
          </p>
        ) : null}
        <DeviceCopyNote eventId={eventId} />
        <LoadWarnings warnings={report.warnings} />
      </div>
      <div className="load-status__actions">
        <button type="button" className="button" onClick={onContinue} disabled={busy || offline}>
          {t('load.refresh')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          onClick={onVerify}
          disabled={busy || offline}
          title={t('load.verifyHint')}
        >
          {t('load.verify')}
        </button>
      </div>
    </div>
  );
});

function LoadWarnings({ warnings }: { warnings: readonly LoadWarning[] }) {
  const { t } = useTranslation('registrations');
  if (warnings.length === 0) return null;
  return (
    <ul className="load-status__warnings">
      {warnings.map((warning) => (
        <li key={warning.code}>
          {warning.code === 'duplicates'
            ? t('load.warning.duplicates', { count: warning.count })
            : warning.code === 'total-mismatch'
              ? t('load.warning.totalMismatch', { expected: warning.expected, received: warning.received })
              : warning.code === 'pages-repeat'
                ? t('load.warning.pagesRepeat')
                : t('load.warning.firstPageGuessed')}
        </li>
      ))}
    </ul>
  );
}
