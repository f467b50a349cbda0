import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { fullName, type Registration } from '@/engine/api/registration-schemas';
import {
  CHECK_SEVERITY,
  findingKey,
  type EventChecks,
  type Finding,
} from '@/engine/figures/checks/check-kinds';
import { registrationLink } from '../overview/overview-links';
import { checkLink, countBySeverity, openFindings, type CheckFindings } from './check-findings';
import { FindingsExport } from './findings-export';
import { useFineFindings } from './fine-findings';
import './checks-section.css';

interface ChecksSectionProps {
  readonly eventId: number;
  readonly checks: EventChecks;
  /** The event's registrations, for the names of the registrations listed. */
  readonly registrations: readonly Registration[];
  /** Whether the scan read the whole list (else it says how far the load got). */
  readonly final: boolean;
  /** The questions' texts in the interface language, by id. */
  readonly questionText: (queId: number) => string;
}

/** At most this many findings of a check are listed here; the table has them all. */
const LISTED = 8;

/**
 * The data doctor (engine/figures/checks): what is likely wrong in the registrations, by check,
 * most serious first; each count opens exactly its registrations in the table (the `check`
 * filter, so export, print and the mailing hand-off follow it). A finding marked "This is fine"
 * is hidden, kept on this device, and comes back when its registration changes.
 */
export function ChecksSection({ eventId, checks, registrations, final, questionText }: ChecksSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const { fine, ready, mark } = useFineFindings(eventId);
  const open = useMemo(() => (ready ? openFindings(checks, fine) : null), [checks, fine, ready]);
  const byId = useMemo(
    () => new Map(registrations.map((row) => [row.registration_id, row])),
    [registrations],
  );
  const counts = open ? countBySeverity(open.byCheck) : null;

  return (
    <section className="card overview-section checks" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('checks.title')}</h2>
      <p className="muted">{t('checks.intro')}</p>
      {!final ? <p role="status">{t('checks.soFar', { count: checks.scanned })}</p> : null}
      {!open || !counts ? (
        <p role="status">{t('checks.scanning')}</p>
      ) : open.byCheck.length === 0 ? (
        <p>{t('checks.none', { count: checks.scanned, formatted: formatCount(checks.scanned, language) })}</p>
      ) : (
        <>
          <p className="checks__summary">
            {t('checks.summary', {
              errors: formatCount(counts.error, language),
              warnings: formatCount(counts.warning, language),
              notices: formatCount(counts.notice, language),
            })}
          </p>
          <FindingsExport eventId={eventId} byCheck={open.byCheck} byId={byId} questionText={questionText} />
          {open.byCheck.map((found) => (
            <CheckBlock
              key={found.check}
              eventId={eventId}
              found={found}
              byId={byId}
              questionText={questionText}
              onFine={(findings) => mark(findings.map(findingKey), true)}
            />
          ))}
        </>
      )}
      {open && open.fine > 0 ? (
        <p className="muted">
          {t('checks.fineCount', { count: open.fine })}{' '}
          <button type="button" className="button button--ghost" onClick={() => mark([...fine], false)}>
            {t('checks.showFine')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

interface CheckBlockProps {
  readonly eventId: number;
  readonly found: CheckFindings;
  readonly byId: ReadonlyMap<number, Registration>;
  readonly questionText: (queId: number) => string;
  readonly onFine: (findings: readonly Finding[]) => void;
}

function CheckBlock({ eventId, found, byId, questionText, onFine }: CheckBlockProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const { check, findings, ids } = found;
  const severity = CHECK_SEVERITY[check];
  const listed = findings.slice(0, LISTED);
  return (
    <section className={`checks__check checks__check--${severity}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="checks__name">
        <span className={`checks__severity checks__severity--${severity}`}>
          {t(`checks.severity.${severity}`)}
        </span>{' '}
        {t(`checks.names.${check}`)}
      </h3>
      <p className="muted">{t(`checks.explain.${check}`)}</p>
      <p>
        <Link to={checkLink(eventId, check)}>
          {t('checks.open', { count: ids.size, formatted: formatCount(ids.size, language) })}
        </Link>
      </p>
      <div className="table-scroll">
        <table className="checks__findings">
          <caption className="visually-hidden">{t(`checks.names.${check}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('checks.registration')}</th>
              <th scope="col">{t('checks.found')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('checks.fine')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((finding) => {
              const registration = byId.get(finding.registrationId);
              const name = registration
                ? fullName(registration) || `#${finding.registrationId}`
                : `#${finding.registrationId}`;
              return (
                <tr key={findingKey(finding)}>
                  <td>
                    <Link to={registrationLink(eventId, finding.registrationId)}>{name}</Link>
                  </td>
                  <td>
                    {finding.queId !== null ? (
                      <span className="checks__question">{questionText(finding.queId)}: </span>
                    ) : null}
                    <q className="checks__value">
                      {finding.value === '' ? t('checks.empty') : finding.value}
                    </q>
                    {finding.suggestion ? (
                      <>
                        {' '}
                        → {t('checks.suggestion')} <q className="checks__value">{finding.suggestion}</q>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost"
                      aria-label={t('checks.fineLabel', { name })}
                      onClick={() => onFine([finding])}
                    >
                      {t('checks.fine')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {findings.length > LISTED ? (
        <p className="muted">{t('checks.more', { count: findings.length - LISTED })}</p>
      ) : null}
      {confirming ? null : (
        <p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setConfirming(true);
              onFine(findings);
            }}
          >
            {t('checks.allFine')}
          </button>
        </p>
      )}
    </section>
  );
}
