import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { addScreenNamespace } from '@/i18n/screen-namespaces';
import en from '@/i18n/locales/en/figures.json';
import fr from '@/i18n/locales/fr/figures.json';
import { Skeleton } from '@/components/states/skeleton';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant } from '@/lib/dates';
import { formatBytes, formatCount, formatPercent } from '@/lib/numbers';
import { useQuery } from '@tanstack/react-query';
import { useBackgroundSyncState, useSyncingNow } from '@/features/registrations/api/use-background-sync';
import { eventFiguresQuery } from '@/features/registrations/api/event-figures-query';
import { paidShare, sumFigures, type EventFigures } from '@/engine/figures/event-figures';
import { changeScope, registrationsSearch } from '@/features/registrations/rows/registrations-view';
import { overviewLink } from '@/features/registrations/rows/registrations-links';
import './event-list-figures.css';

// The events list's figures bring their texts (see addScreenNamespace).
addScreenNamespace('figures', { en, fr });

/**
 * An event card's figures: its registrations, the share paid, the registrations new since
 * the last visit and those the data doctor found something in, each a link to exactly the rows
 * it counts (the findings to the event page's Checks), with the time they are as of.
 * `undefined`: still reading the device; null: never counted here, which the card says
 * (never a false 0).
 */
export function EventCardFigures({
  eventId,
  figures,
  syncing = false,
}: {
  eventId: number;
  figures: EventFigures | null | undefined;
  /** The background sync is counting this event now. */
  syncing?: boolean;
}) {
  const { t } = useTranslation('figures');
  const language = useLanguage();
  // Two lines, the height of the figures and their date: the card does not grow when they come.
  if (figures === undefined)
    return (
      <div className="event-figures" aria-busy="true">
        <ReadingLines widths={['12rem', '8rem']} />
      </div>
    );
  if (figures === null)
    return <p className="event-figures event-figures--unknown">{syncing ? t('syncing') : t('notCounted')}</p>;
  const share = paidShare(figures);
  const fresh = figures.newSinceLastVisit;
  return (
    <div className="event-figures">
      <p className="event-figures__line">
        <Link to={overviewLink(eventId)}>
          {t('registrations', { count: figures.total, formatted: formatCount(figures.total, language) })}
        </Link>
        {share !== null ? (
          <>
            <span aria-hidden="true"> · </span>
            <Link to={overviewLink(eventId, { status: 'paid' })}>
              {t('paidShare', { share: formatPercent(share, language) })}
            </Link>
          </>
        ) : null}
      </p>
      {fresh !== null && fresh > 0 && figures.lastVisit !== null ? (
        <p className="event-figures__line">
          <Link
            className="event-figures__new"
            to={paths.registrations.build(
              eventId,
              registrationsSearch({ changes: changeScope(figures.lastVisit, 'new') }),
            )}
          >
            {t('newSinceLastVisit', { count: fresh, formatted: formatCount(fresh, language) })}
          </Link>
        </p>
      ) : null}
      {figures.findings !== null && figures.findings > 0 ? (
        <p className="event-figures__line">
          <Link className="event-figures__findings" to={`${paths.event.build(eventId)}#checks`}>
            {t('findings', { count: figures.findings, formatted: formatCount(figures.findings, language) })}
          </Link>
        </p>
      ) : null}
      {figures.asOf !== null ? (
        <p className="event-figures__as-of">
          {t('asOf', { date: formatInstant(new Date(figures.asOf), language) })}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An event card's figures on the events list, following the event's figures and whether the
 * background sync is counting it, on their own: the card around them does not render again.
 */
export function EventListCardFigures({ eventId }: { eventId: number }) {
  const figures = useQuery(eventFiguresQuery(eventId)).data;
  const syncing = useSyncingNow(eventId);
  return <EventCardFigures eventId={eventId} figures={figures} syncing={syncing} />;
}

/**
 * The events list's header line: the registrations of the upcoming events counted on this
 * device, and for how many of them (an event never opened here adds nothing, and says so).
 */
export function UpcomingFigures({ figures }: { figures: readonly (EventFigures | null | undefined)[] }) {
  const { t } = useTranslation('figures');
  const language = useLanguage();
  if (figures.length === 0) return null;
  // While the device is read, the two lines' place is kept: the cards below do not move.
  if (figures.includes(undefined))
    return (
      <section className="upcoming-figures" aria-label={t('upcoming.label')} aria-busy="true">
        <ReadingLines widths={['22rem', '8rem']} />
      </section>
    );
  const sum = sumFigures(figures);
  const share = paidShare(sum);
  return (
    <section className="upcoming-figures" aria-label={t('upcoming.label')}>
      {sum.counted === 0 ? (
        <p className="upcoming-figures__note">{t('upcoming.none')}</p>
      ) : (
        <>
          <p className="upcoming-figures__totals">
            {t('upcoming.totals', {
              count: sum.total,
              registrations: formatCount(sum.total, language),
              paid: share === null ? formatCount(0, language) : formatPercent(share, language),
            })}
          </p>
          {/* Also once every event is counted: the line does not go, and the cards stay put. */}
          <p className="upcoming-figures__note">
            {sum.counted < sum.events
              ? t('upcoming.partial', {
                  known: formatCount(sum.counted, language),
                  total: formatCount(sum.events, language),
                })
              : t('upcoming.complete', { count: sum.events, formatted: formatCount(sum.events, language) })}
          </p>
        </>
      )}
    </section>
  );
}

/**
 * The events list's bar about the background sync: which event of how many is being counted,
 * with a bar and "Pause"; paused or waiting for the network, with what is counted so far;
 * events that could not be synced, with "Try again"; the question asked before keeping every
 * event on a metered connection or a large copy. Nothing once everything is counted. It comes
 * after the lists, so its coming and going never moves the cards; while a sync runs or asks it
 * floats at the bottom of the screen (event-list-figures.css), paused or failed it waits at the
 * end of the list.
 */
export function BackgroundSyncStatus() {
  const { state, sync } = useBackgroundSyncState();
  const { t } = useTranslation('figures');
  const language = useLanguage();
  const count = (value: number) => formatCount(value, language);
  const failed = state.failed.length;
  const left = state.total - state.done - failed;
  if (state.status === 'idle' || (state.status === 'done' && failed === 0)) return null;

  if (state.status === 'asking' && state.question) return <SyncQuestionBar />;
  const active = state.status === 'syncing' || state.status === 'offline';
  const text =
    state.status === 'syncing'
      ? t('sync.syncing', {
          current: count(Math.min(state.done + failed + 1, state.total)),
          total: count(state.total),
        })
      : state.status === 'offline'
        ? t('sync.offline', { done: count(state.done), total: count(state.total) })
        : state.status === 'paused'
          ? t('sync.paused', { done: count(state.done), total: count(state.total) })
          : null;
  return (
    <section className={`sync-status${active ? ' sync-status--floating' : ''}`} aria-label={t('sync.label')}>
      {text !== null ? (
        <div className="sync-status__line">
          <div className="sync-status__text">
            <p role="status">{text}</p>
            <progress
              className="sync-status__bar"
              aria-label={t('sync.progressLabel')}
              value={state.done + failed}
              max={Math.max(state.total, 1)}
            />
          </div>
          {left > 0 ? (
            <button type="button" className="button" onClick={active ? sync.pause : sync.resume}>
              {active ? t('sync.pause') : t('sync.resume')}
            </button>
          ) : null}
        </div>
      ) : null}
      {failed > 0 ? (
        <div className="sync-status__line">
          <p className="sync-status__failed" role="status">
            {t('sync.failed', { count: failed, formatted: count(failed) })}
          </p>
          <button type="button" className="button" onClick={sync.retryFailed}>
            {t('sync.retry')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The question the sync asks before keeping every event: "Keep every event" or "Only the events I open". */
function SyncQuestionBar() {
  const { state, sync } = useBackgroundSyncState();
  const { t } = useTranslation('figures');
  const language = useLanguage();
  const question = state.question;
  if (!question) return null;
  const size = (bytes: number) => formatBytes(bytes, language);
  const estimate =
    question.estimatedBytes === null
      ? t('sync.ask.noEstimate')
      : t('sync.ask.estimate', { size: size(question.estimatedBytes) });
  const why =
    question.reason === 'metered'
      ? t('sync.ask.metered')
      : t('sync.ask.large', { size: size(question.keptBytes) });
  return (
    <section className="sync-status sync-status--floating" aria-label={t('sync.label')}>
      <div className="sync-status__line">
        <div className="sync-status__text">
          <p role="status">
            <strong>{t('sync.ask.title')}</strong> {why} {estimate}
          </p>
        </div>
        <div className="sync-status__actions">
          <button type="button" className="button button--primary" onClick={sync.keepEveryEvent}>
            {t('sync.ask.keepEvery')}
          </button>
          <button type="button" className="button" onClick={sync.pause}>
            {t('sync.ask.onlyOpened')}
          </button>
        </div>
      </div>
    </section>
  );
}

/** Placeholder lines, one text line high each, while the figures are read from the device. */
function ReadingLines({ widths }: { widths: readonly string[] }) {
  const { t } = useTranslation('figures');
  return (
    <>
      <span className="visually-hidden">{t('reading')}</span>
      {widths.map((width, index) => (
        <Skeleton key={index} width={`min(100%, ${width})`} height="1lh" />
      ))}
    </>
  );
}
