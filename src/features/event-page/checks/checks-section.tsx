import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NotKeptLine } from '@/components/states/not-kept-line';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { Registration } from '@/engine/api/registration-schemas';
import { ResponsiveTable, type TableColumn } from '@/components/tables/responsive-table';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { CHECK_SEVERITY, findingKey, type Finding } from '@/engine/figures/checks/check-kinds';
import { checkLink, registrationLink } from '@/features/registrations/rows/registrations-links';
import {
  FIRST_LISTED,
  MARKED_AT_ONCE,
  countBySeverity,
  type CheckSummary,
  type ChecksSummary,
} from '@/engine/figures/checks/open-findings';
import { FindingsExport } from './findings-export';
import './checks-section.css';

interface ChecksSectionProps {
  readonly eventId: number;
  readonly summary: ChecksSummary;
  /** Whether the scan read the whole list (else it says how far the load got). */
  readonly final: boolean;
  /** The event's registrations, for the names of the registrations listed. */
  readonly registrations: readonly Registration[];
  /** The keys of the findings marked fine, and how to mark or unmark some. */
  readonly fine: ReadonlySet<string>;
  readonly onMark: (keys: readonly string[], fine: boolean) => void;
  /** The questions' texts in the interface language, by id. */
  readonly questionText: (queId: number) => string;
  readonly labels: InsightLabels;
  /** The marks "This is fine" could not be kept on this device: they last as long as the tab. */
  readonly notKept: boolean;
}

/** The app's badge colour of each severity. */
const SEVERITY_BADGE = { error: 'danger', warning: 'warning', notice: 'accent' } as const;

/**
 * The data doctor (engine/figures/checks): what is likely wrong in the registrations, by check,
 * most serious first; each count opens exactly its registrations in the table (the `check`
 * filter, so export, print and the mailing hand-off follow it). A finding marked "This is fine"
 * is hidden, kept on this device, and comes back when its registration changes. The engine
 * sends the counts and a few findings per check, never every finding.
 */
export function ChecksSection({
  eventId,
  summary,
  final,
  registrations,
  fine,
  onMark,
  questionText,
  labels,
  notKept,
}: ChecksSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const byId = useListedRegistrations(registrations, summary);
  const counts = countBySeverity(summary.checks);

  return (
    <section className="card overview-section checks" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('checks.title')}</h2>
      <p className="muted">{t('checks.intro')}</p>
      {/* Under the introduction, where a promoter marking a finding sees it without scrolling. */}
      <NotKeptLine shown={notKept}>{t('checks.notKept')}</NotKeptLine>
      {!final ? (
        <p role="status">{t('checks.soFar', { formatted: formatCount(summary.scanned, language) })}</p>
      ) : null}
      {summary.checks.length === 0 ? (
        <p className="checks__none">
          {t('checks.none', { count: summary.scanned, formatted: formatCount(summary.scanned, language) })}
        </p>
      ) : (
        <>
          <p className="checks__summary">
            {t('checks.summary', {
              count: summary.open,
              formatted: formatCount(summary.open, language),
              errors: formatCount(counts.error, language),
              warnings: formatCount(counts.warning, language),
              notices: formatCount(counts.notice, language),
            })}
          </p>
          <FindingsExport
            eventId={eventId}
            registrations={registrations}
            fine={fine}
            questionText={questionText}
          />
          {summary.checks.map((found) => (
            <CheckBlock
              key={found.check}
              eventId={eventId}
              found={found}
              byId={byId}
              labels={labels}
              questionText={questionText}
              onFine={(findings) => onMark(findings.map(findingKey), true)}
            />
          ))}
        </>
      )}
      {summary.fine > 0 ? (
        <p className="muted">
          {t('checks.fineCount', { count: summary.fine, formatted: formatCount(summary.fine, language) })}{' '}
          <button type="button" className="button button--ghost" onClick={() => onMark([...fine], false)}>
            {t('checks.showFine')}
          </button>
        </p>
      ) : null}
    </section>
  );
}

/** The registrations of the findings listed, by id: a pass over the rows, not a map of them all. */
function useListedRegistrations(
  registrations: readonly Registration[],
  summary: ChecksSummary,
): ReadonlyMap<number, Registration> {
  return useMemo(() => {
    const wanted = new Set(
      summary.checks.flatMap(({ listed }) =>
        listed.slice(0, FIRST_LISTED).map((finding) => finding.registrationId),
      ),
    );
    const found = new Map<number, Registration>();
    for (const row of registrations) if (wanted.has(row.registration_id)) found.set(row.registration_id, row);
    return found;
  }, [registrations, summary]);
}

interface CheckBlockProps {
  readonly eventId: number;
  readonly found: CheckSummary;
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
  const { check, findings, ids, listed } = found;
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
        <span className={`badge badge--${SEVERITY_BADGE[severity]}`}>{t(`checks.severity.${severity}`)}</span>{' '}
        {name}
      </h3>
      <p className="muted">{t(`checks.explain.${check}`)}</p>
      <p>
        <Link to={checkLink(eventId, check)}>
          {t('checks.open', { count: ids.length, formatted: formatCount(ids.length, language) })}
        </Link>
      </p>
      <ResponsiveTable
        caption={
          findings > FIRST_LISTED
            ? t('checks.caption', {
                shown: formatCount(FIRST_LISTED, language),
                formatted: formatCount(findings, language),
              })
            : t('checks.captionAll', { count: findings, formatted: formatCount(findings, language) })
        }
        columns={columns}
        rows={listed.slice(0, FIRST_LISTED)}
        rowKey={(finding) => findingKey(finding)}
      />
      <div className="checks__actions no-print">
        {findings > FIRST_LISTED ? (
          <p className="muted">
            {t('checks.more', {
              count: findings - FIRST_LISTED,
              formatted: formatCount(findings - FIRST_LISTED, language),
            })}
          </p>
        ) : null}
        {listed.length === findings ? (
          <button type="button" className="button" onClick={() => onFine(listed)}>
            {t('checks.allFine')}
            <span className="visually-hidden">: {name}</span>
          </button>
        ) : (
          <p className="muted">{t('checks.tooManyToMark', { max: formatCount(MARKED_AT_ONCE, language) })}</p>
        )}
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
