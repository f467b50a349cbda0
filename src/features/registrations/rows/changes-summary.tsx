import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { formatInstant } from '@/lib/dates';
import { formatCount } from '@/lib/numbers';
import type { RegistrationsData } from '../api/registrations-data';
import { summarizeChanges, type ChangeKind, type ChangeScope } from '@/engine/history/changes-since';
import type { RegistrationLabels } from './registration-labels';
import { changeScope, registrationsSearch } from './registrations-view';
import './changes-summary.css';

type Checkpoint = 'last-visit' | 'today' | 'day' | 'week' | 'custom';

interface ChangesSummaryProps {
  eventId: number;
  data: RegistrationsData;
  labels: RegistrationLabels;
  /**
   * The change filter the registrations screen shows, if any: the summary then counts from
   * its checkpoint, and picking another one moves the filter (`onSinceChange`).
   */
  active?: ChangeScope | null;
  onSinceChange?: (since: number) => void;
  /** More controls beside the checkpoint (the demo's "move one day ahead"). */
  actions?: ReactNode;
}

const HOUR = 3_600_000;

/** A checkpoint preset as a time, by this browser's clock. */
function presetTime(checkpoint: Exclude<Checkpoint, 'custom' | 'last-visit'>, now: Date): number {
  if (checkpoint === 'today') return new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  return now.getTime() - (checkpoint === 'day' ? 24 : 7 * 24) * HOUR;
}

/** `yyyy-MM-ddTHH:mm` in local time, for a datetime-local input. */
function localInputValue(time: number): string {
  const date = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "What changed since your last visit": new registrations, status moves, category and answer
 * changes and removals since a checkpoint (the last visit, this morning, a day or a week ago,
 * or any date), each count a link to exactly those rows on the registrations screen. Counted
 * from the list's history (see changes-since), so only once the list is complete.
 */
export function ChangesSummary({
  eventId,
  data,
  labels,
  active,
  onSinceChange,
  actions,
}: ChangesSummaryProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const selectId = useId();
  const customId = useId();
  const headingId = useId();
  const history = data.history;
  const lastVisit = history?.lastVisit ?? null;
  // The checkpoint picked here; a preset's time is fixed when picked, so links stay put.
  const [own, setOwn] = useState<{ choice: Checkpoint; at: number }>({ choice: 'last-visit', at: 0 });
  const ownSince = own.choice === 'last-visit' ? (lastVisit ?? presetTime('today', new Date())) : own.at;
  const since = active ? active.since : ownSince;
  const shownChoice: Checkpoint = active
    ? active.since === lastVisit
      ? 'last-visit'
      : own.choice !== 'last-visit' && own.at === active.since
        ? own.choice
        : active.since === presetTime('today', new Date())
          ? 'today'
          : 'custom'
    : own.choice === 'last-visit' && lastVisit === null
      ? 'today'
      : own.choice;

  const summary = useMemo(
    () => (history && data.phase === 'complete' ? summarizeChanges(history, data.rows, since) : null),
    [history, data.rows, data.phase, since],
  );
  if (!history || !summary) return null;
  // A first visit has nothing to compare yet: no card (the demo keeps it for its "next day").
  if (lastVisit === null && !active && !actions) return null;

  const count = (n: number) => formatCount(n, language);
  const time = (at: number) => formatInstant(new Date(at), language);
  const link = (kind: ChangeKind, status?: string, from?: string) =>
    paths.registrations.build(
      eventId,
      registrationsSearch({
        changes: changeScope(since, kind, from),
        ...(status !== undefined && { statuses: [status] }),
      }),
    );
  const pick = (choice: Checkpoint, customTime?: number) => {
    const at =
      choice === 'last-visit'
        ? (lastVisit ?? presetTime('today', new Date()))
        : choice === 'custom'
          ? (customTime ?? since)
          : presetTime(choice, new Date());
    setOwn({ choice, at });
    onSinceChange?.(at);
  };

  const parts: { key: string; to: string; text: string }[] = [];
  if (summary.added > 0)
    parts.push({
      key: 'new',
      to: link('new'),
      text: t('changes.new', { count: summary.added, formatted: count(summary.added) }),
    });
  for (const { status, count: n } of summary.nowByStatus)
    parts.push({
      key: `status:${status}`,
      to: link('status', status),
      text: t('changes.movedTo', { count: n, formatted: count(n), status: labels.status(status) }),
    });
  if (summary.category > 0)
    parts.push({
      key: 'category',
      to: link('category'),
      text: t('changes.category', { count: summary.category, formatted: count(summary.category) }),
    });
  if (summary.answers > 0)
    parts.push({
      key: 'answers',
      to: link('answers'),
      text: t('changes.answers', { count: summary.answers, formatted: count(summary.answers) }),
    });
  if (summary.removed > 0)
    parts.push({
      key: 'removed',
      to: link('removed'),
      text: t('changes.removed', { count: summary.removed, formatted: count(summary.removed) }),
    });

  return (
    <section className="changes-summary" aria-labelledby={headingId}>
      <div className="changes-summary__head">
        <h2 id={headingId} className="changes-summary__title">
          {t('changes.title')}
        </h2>
        <label htmlFor={selectId} className="changes-summary__since">
          {t('changes.since')}
        </label>
        <select
          id={selectId}
          className="input changes-summary__select"
          value={shownChoice}
          onChange={(event) => pick(event.target.value as Checkpoint)}
        >
          {lastVisit !== null ? (
            <option value="last-visit">{t('changes.sinceLastVisit', { time: time(lastVisit) })}</option>
          ) : null}
          <option value="today">{t('changes.sinceToday')}</option>
          <option value="day">{t('changes.sinceDay')}</option>
          <option value="week">{t('changes.sinceWeek')}</option>
          <option value="custom">{t('changes.sinceCustom')}</option>
        </select>
        {shownChoice === 'custom' ? (
          <>
            <label htmlFor={customId} className="visually-hidden">
              {t('changes.customLabel')}
            </label>
            <input
              id={customId}
              className="input changes-summary__custom"
              type="datetime-local"
              value={localInputValue(since)}
              onChange={(event) => {
                const at = new Date(event.target.value).getTime();
                if (Number.isFinite(at)) pick('custom', at);
              }}
            />
          </>
        ) : null}
        {actions}
      </div>
      {lastVisit === null ? <p className="muted changes-summary__note">{t('changes.firstVisit')}</p> : null}
      {summary.knownFrom !== null && lastVisit !== null ? (
        <p className="muted changes-summary__note">
          {t('changes.knownFrom', { time: time(summary.knownFrom) })}
        </p>
      ) : null}
      {parts.length === 0 ? (
        <p className="changes-summary__none">{t('changes.none')}</p>
      ) : (
        <ul className="changes-summary__counts">
          {parts.map((part) => (
            <li key={part.key}>
              <Link to={part.to}>{part.text}</Link>
            </li>
          ))}
        </ul>
      )}
      {summary.statusMoves.length > 0 ? (
        <details className="changes-summary__moves">
          <summary>{t('changes.moves')}</summary>
          <ul>
            {summary.statusMoves.map((move) => (
              <li key={`${move.from}\u0000${move.to}`}>
                <Link to={link('status', move.to, move.from)}>
                  {t('changes.moveLink', {
                    formatted: count(move.count),
                    from: labels.status(move.from),
                    to: labels.status(move.to),
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
