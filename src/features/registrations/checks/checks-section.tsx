import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '@/engine/api/registration-schemas';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import type { InsightLabels } from '../insights/use-insight-labels';
import {
  CHECK_SEVERITY,
  findingKey,
  type EventChecks,
  type Finding,
} from '@/engine/figures/checks/check-kinds';
import { registrationLink } from '../overview/overview-links';
import {
  countBySeverity,
  countOpen,
  openFindings,
  type CheckFindings,
} from '@/engine/figures/checks/open-findings';
import { checkLink } from './check-findings';
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
  readonly labels: InsightLabels;
}

/** At most this many findings of a check are listed here; the table has them all. */
const LISTED = 6;

/**
 * The data doctor (engine/figures/checks): what is likely wrong in the registrations, by check,
 * most serious first; each count opens exactly its registrations in the table (the `check`
 * filter, so export, print and the mailing hand-off follow it). A finding marked "This is fine"
 * is hidden, kept on this device, and comes back when its registration changes.
 */
export function ChecksSection({
  eventId,
  checks,
  registrations,
  final,
  questionText,
  labels,
}: ChecksSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const { fine, ready, mark } = useFineFindings(eventId);
  const open = useMemo(
    () => (ready ? { ...openFindings(checks, fine), registrations: countOpen(checks, fine) } : null),
    [checks, fine, ready],
  );
  const byId = useMemo(
    () => new Map(registrations.map((row) => [row.registration_id, row])),
    [registrations],
  );
  const counts = open ? countBySeverity(open.byCheck) : null;

  return (
    <section className="card overview-section checks" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('checks.title')}</h2>
      <p className="muted">{t('checks.intro')}</p>
      {!final ? (
        <p role="status">{t('checks.soFar', { formatted: formatCount(checks.scanned, language) })}</p>
      ) : null}
      {!open || !counts ? (
        <p role="status">{t('checks.scanning')}</p>
      ) : open.byCheck.length === 0 ? (
        <p className="checks__none">
          {t('checks.none', { count: checks.scanned, formatted: formatCount(checks.scanned, language) })}
        </p>
      ) : (
        <>
          <p className="checks__summary">
            {t('checks.summary', {
              count: open.registrations,
              formatted: formatCount(open.registrations, language),
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
              labels={labels}
              questionText={questionText}
              onFine={(findings) => mark(findings.map(findingKey), true)}
            />
          ))}
        </>
      )}
      {open && open.fine > 0 ? (
        <p className="muted">
          {t('checks.fineCount', { count: open.fine, formatted: formatCount(open.fine, language) })}{' '}
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
  readonly labels: InsightLabels;
  readonly questionText: (queId: number) => string;
  readonly onFine: (findings: readonly Finding[]) => void;
}

/** One check: what it means, its count linking to its registrations, its first findings. */
function CheckBlock({ eventId, found, byId, labels, questionText, onFine }: CheckBlockProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const { check, findings, ids } = found;
  const severity = CHECK_SEVERITY[check];
  const name = t(`checks.names.${check}`);
  const personOf = (finding: Finding) => {
    const registration = byId.get(finding.registrationId);
    return (registration && labels.person(registration)) || `#${finding.registrationId}`;
  };

  const columns: TableColumn<Finding>[] = [
    {
      id: 'name',
      header: t('checks.registration'),
      cell: (finding) => (
        <Link to={registrationLink(eventId, finding.registrationId)}>
          <bdi>{personOf(finding)}</bdi>
        </Link>
      ),
      width: '24%',
    },
    {
      id: 'email',
      header: t('overview.duplicates.emailColumn'),
      cell: (finding) => <bdi>{byId.get(finding.registrationId)?.email ?? ''}</bdi>,
      className: 'data-table__email',
      width: '24%',
    },
    {
      id: 'order',
      header: t('overview.duplicates.order'),
      cell: (finding) => byId.get(finding.registrationId)?.order_id ?? '',
      className: 'data-table__code',
      width: '12%',
    },
    {
      id: 'found',
      header: t('checks.found'),
      cell: (finding) => (
        <FoundValue
          finding={finding}
          registration={byId.get(finding.registrationId)}
          labels={labels}
          questionText={questionText}
        />
      ),
      width: '26%',
    },
    {
      id: 'fine',
      header: t('checks.columns.action'),
      cell: (finding) => (
        <button type="button" className="button no-print" onClick={() => onFine([finding])}>
          {t('checks.fine')}
          <span className="visually-hidden">: {personOf(finding)}</span>
        </button>
      ),
      width: '14%',
    },
  ];

  return (
    <section className={`checks__check checks__check--${severity}`} aria-labelledby={headingId}>
      <h3 id={headingId} className="checks__name">
        <span className={`checks__severity checks__severity--${severity}`}>
          {t(`checks.severity.${severity}`)}
        </span>{' '}
        {name}
      </h3>
      <p className="muted">{t(`checks.explain.${check}`)}</p>
      <p>
        <Link to={checkLink(eventId, check)}>
          {t('checks.open', { count: ids.size, formatted: formatCount(ids.size, language) })}
        </Link>
      </p>
      <ResponsiveTable
        caption={
          findings.length > LISTED
            ? t('checks.caption', {
                shown: formatCount(LISTED, language),
                formatted: formatCount(findings.length, language),
              })
            : t('checks.captionAll', {
                count: findings.length,
                formatted: formatCount(findings.length, language),
              })
        }
        columns={columns}
        rows={findings.slice(0, LISTED)}
        rowKey={(finding) => findingKey(finding)}
      />
      <div className="checks__actions no-print">
        {findings.length > LISTED ? (
          <p className="muted">
            {t('checks.more', {
              count: findings.length - LISTED,
              formatted: formatCount(findings.length - LISTED, language),
            })}
          </p>
        ) : null}
        <button type="button" className="button" onClick={() => onFine(findings)}>
          {t('checks.allFine')}
          <span className="visually-hidden">: {name}</span>
        </button>
      </div>
    </section>
  );
}

/**
 * What a check found in a registration: the answer with its question, a status, the category
 * (of one person or address registered more than once), or the text as sent.
 */
function FoundValue({
  finding,
  registration,
  labels,
  questionText,
}: {
  readonly finding: Finding;
  readonly registration: Registration | undefined;
  readonly labels: InsightLabels;
  readonly questionText: (queId: number) => string;
}) {
  const { t } = useTranslation('insights');
  if (finding.check === 'order-mixed-status') return <>{labels.status(finding.value)}</>;
  // One person or one address in several registrations: the category tells them apart.
  if (finding.check === 'person-twice' || finding.check === 'email-shared') {
    return <>{labels.category(registration?.category_id ?? null)}</>;
  }
  return (
    <>
      {finding.queId !== null ? (
        <span className="checks__question">{questionText(finding.queId)}: </span>
      ) : null}
      <q className="checks__value">{finding.value === '' ? t('checks.empty') : finding.value}</q>
      {finding.suggestion ? (
        <span className="checks__suggestion">
          {t('checks.suggestion')} <q className="checks__value">{finding.suggestion}</q>
        </span>
      ) : null}
    </>
  );
}
