import './i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatePanel } from '@/components/states/state-panel';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import { useDocumentTitle } from '@/components/use-document-title';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant } from '@/lib/dates';
import { hearOtherTabs } from '@/engine/copy/device-copy-channel';
import {
  deviceCopyForgotten,
  forgetDeviceCopy,
  listDeviceCopy,
  subscribeDeviceCopyStatus,
} from '@/engine/copy/device-copy';
import type { CopyEventSummary } from '@/engine/copy/device-copy-protocol';
import { formatCount } from '@/lib/numbers';
import { EventName } from '@/features/events/label/event-label';
import { eventQueries } from '@/features/events/api/queries';
import type { PartnerEvent } from '@/engine/api/event-schemas';
import { formatBytes } from '@/lib/numbers';
import { formatAgo } from './format';
import { readStorageState, requestPersistence, type PersistOutcome } from './storage';
import './device.css';

/** Everything this screen reads: dropped with the rest of the cache at sign-out. */
const DEVICE_KEY = ['device-copy'] as const;

/**
 * "On this device": the events whose registrations the encrypted copy keeps for the
 * signed-in session (name, count, size, age; metadata only, no row is opened), the browser's
 * storage figures and persistence ("Keep for race day"), and "Forget this device".
 */
export function DeviceScreen() {
  const { t } = useTranslation('device');
  const language = useLanguage();
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();

  const copy = useQuery({ queryKey: [...DEVICE_KEY, 'list'], queryFn: listDeviceCopy, retry: false });
  const storage = useQuery({ queryKey: [...DEVICE_KEY, 'storage'], queryFn: readStorageState, retry: false });
  // For the events' names only: an event it does not hold (offline) is named by its id.
  const events = useQuery(eventQueries.list());
  const forgotten = useSyncExternalStore(subscribeDeviceCopyStatus, deviceCopyForgotten);

  // A save in this tab or another one changes what is kept: look again.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: DEVICE_KEY });
    const stopStatus = subscribeDeviceCopyStatus(refresh);
    const stopTabs = hearOtherTabs(refresh);
    return () => {
      stopStatus();
      stopTabs();
    };
  }, [queryClient]);

  const unavailable = copy.data?.status === 'unavailable' || copy.isError;

  return (
    <div className="page device">
      <div className="page__header">
        <h1>{t('title')}</h1>
      </div>
      <p className="device__intro">{t('intro')}</p>
      {copy.isPending ? (
        <p role="status" className="muted">
          {t('loading')}
        </p>
      ) : unavailable ? (
        <StatePanel title={t('unavailable.title')}>
          <p>{t('unavailable.description')}</p>
        </StatePanel>
      ) : (
        <>
          <KeptEvents
            kept={copy.data?.status === 'ok' ? copy.data.events : []}
            names={events.data?.events}
            forgotten={forgotten}
            now={copy.dataUpdatedAt}
            language={language}
          />
          <KeepForRaceDay state={storage.data} language={language} onAsked={() => void storage.refetch()} />
          <ForgetDevice onForgotten={() => void queryClient.invalidateQueries({ queryKey: DEVICE_KEY })} />
        </>
      )}
    </div>
  );
}

interface KeptEventsProps {
  kept: readonly CopyEventSummary[];
  names: readonly PartnerEvent[] | undefined;
  forgotten: boolean;
  /** When the list was read: what "3 hours ago" counts from. */
  now: number;
  language: string;
}

function KeptEvents({ kept, names, forgotten, now, language }: KeptEventsProps) {
  const { t } = useTranslation('device');
  const headingId = useId();
  const rows = useMemo(() => [...kept].sort((a, b) => b.savedAt - a.savedAt), [kept]);
  const byId = useMemo(() => new Map(names?.map((event) => [event.eve_id, event])), [names]);

  if (rows.length === 0) {
    return forgotten ? (
      <StatePanel title={t('forgotten.title')}>
        <p>{t('forgotten.description')}</p>
      </StatePanel>
    ) : (
      <StatePanel title={t('empty.title')}>
        <p>{t('empty.description')}</p>
      </StatePanel>
    );
  }

  const total = rows.reduce((sum, event) => sum + event.bytes, 0);
  const columns: TableColumn<CopyEventSummary>[] = [
    {
      id: 'event',
      header: t('events.event'),
      cell: (event) => (
        <Link to={paths.registrations.build(event.eventId)}>
          <EventName event={byId.get(event.eventId) ?? event.eventId} />
        </Link>
      ),
    },
    {
      id: 'registrations',
      header: t('events.registrations'),
      numeric: true,
      cell: (event) => (event.rows === null ? t('events.noRows') : formatCount(event.rows, language)),
    },
    {
      id: 'size',
      header: t('events.size'),
      numeric: true,
      cell: (event) => formatBytes(event.bytes, language),
    },
    {
      id: 'saved',
      header: t('events.saved'),
      cell: (event) => {
        const ago = formatAgo(event.savedAt, now, language);
        return (
          <span className="device__saved">
            <time dateTime={new Date(event.savedAt).toISOString()}>
              {ago === null ? t('events.savedJustNow') : t('events.savedAgo', { ago })}
            </time>
            {event.dataAsOf !== null ? (
              <span className="muted">
                {t('events.asOf', { date: formatInstant(new Date(event.dataAsOf), language) })}
              </span>
            ) : null}
          </span>
        );
      },
    },
  ];

  return (
    <section className="device__events" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('events.title')}</h2>
      <p className="muted">
        {t('events.summary', { count: rows.length, size: formatBytes(total, language) })}
      </p>
      <ResponsiveTable
        caption={t('events.title')}
        columns={columns}
        rows={rows}
        rowKey={(event) => String(event.eventId)}
      />
    </section>
  );
}

interface KeepForRaceDayProps {
  state: Awaited<ReturnType<typeof readStorageState>> | undefined;
  language: string;
  onAsked: () => void;
}

function KeepForRaceDay({ state, language, onAsked }: KeepForRaceDayProps) {
  const { t } = useTranslation('device');
  const headingId = useId();
  const [outcome, setOutcome] = useState<PersistOutcome | 'asking' | null>(null);

  async function ask() {
    setOutcome('asking');
    const answer = await requestPersistence();
    setOutcome(answer);
    onAsked();
  }

  const persisted = state?.persisted === true;
  const canAsk = state?.canPersist === true;
  return (
    <section className="card device__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('storage.title')}</h2>
      {state ? (
        <p>
          {state.estimate
            ? t('storage.usage', {
                usage: formatBytes(state.estimate.usage, language),
                quota: formatBytes(state.estimate.quota, language),
              })
            : t('storage.noEstimate')}
        </p>
      ) : null}
      {state ? (
        <p className={persisted ? 'device__state device__state--kept' : 'device__state'}>
          {persisted ? t('storage.persisted') : canAsk ? t('storage.notPersisted') : t('storage.unsupported')}
        </p>
      ) : null}
      <p className="muted">{t('storage.advice')}</p>
      {canAsk && !persisted ? (
        <div>
          <button
            type="button"
            className="button button--primary"
            disabled={outcome === 'asking'}
            onClick={() => void ask()}
          >
            {outcome === 'asking' ? t('storage.keeping') : t('storage.keep')}
          </button>
        </div>
      ) : null}
      <p
        role="status"
        className={outcome === 'declined' ? 'device__outcome device__outcome--declined' : 'device__outcome'}
      >
        {outcome === 'granted' ? t('storage.granted') : outcome === 'declined' ? t('storage.declined') : null}
        {outcome === 'unsupported' ? t('storage.unsupported') : null}
      </p>
    </section>
  );
}

function ForgetDevice({ onForgotten }: { onForgotten: () => void }) {
  const { t } = useTranslation('device');
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<'done' | 'failed' | null>(null);
  const message = useRef<HTMLParagraphElement>(null);

  async function forget() {
    setConfirming(false);
    const ok = await forgetDeviceCopy();
    setResult(ok ? 'done' : 'failed');
    onForgotten();
  }

  // The outcome takes focus once said, so it is read out and the next Tab continues from it.
  useEffect(() => {
    if (result) message.current?.focus();
  }, [result]);

  return (
    <section className="card device__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('forget.title')}</h2>
      <p>{t('forget.description')}</p>
      <div>
        <button type="button" className="button button--danger" onClick={() => setConfirming(true)}>
          {t('forget.button')}
        </button>
      </div>
      <p
        ref={message}
        tabIndex={-1}
        role={result === 'failed' ? 'alert' : 'status'}
        className={result === 'failed' ? 'device__outcome device__outcome--declined' : 'device__outcome'}
      >
        {result === 'done' ? t('forget.done') : result === 'failed' ? t('forget.failed') : null}
      </p>
      {confirming ? (
        <ConfirmDialog
          title={t('forget.confirmTitle')}
          confirmLabel={t('forget.confirm')}
          cancelLabel={t('forget.cancel')}
          destructive
          onConfirm={() => void forget()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('forget.confirmDescription')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
