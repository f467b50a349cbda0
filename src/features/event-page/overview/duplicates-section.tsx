import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NotKeptLine } from '@/components/states/not-kept-line';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import { DUPLICATE_KINDS, type DuplicateGroup, type DuplicateKind } from '@/engine/figures/duplicate-kinds';
import { MAX_NAMESAKES } from '@/engine/figures/namesake-groups';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { DuplicateGroupTable } from './duplicate-group-table';
import { useDismissedDuplicates } from '@/features/registrations/insights/dismissed-duplicates';
import { FIRST_ITEMS, ShowMoreButton, useShowMore } from '@/components/tables/show-more';

interface DuplicatesSectionProps {
  readonly eventId: number;
  /** Likely first, then possible, then shared e-mail (see duplicateGroups). */
  readonly groups: readonly DuplicateGroup[];
  readonly labels: InsightLabels;
}

/**
 * Registrations that may be one person twice, by kind, most likely first: how many of each,
 * then each group with why, and its registrations, each opening its details. A group the
 * promoter dismisses ("Not a duplicate") is hidden, remembered on this device, and can be
 * shown and restored.
 */
export function DuplicatesSection({ eventId, groups, labels }: DuplicatesSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const dismissedId = useId();
  const { dismissed, ready, dismiss, restore, keeping } = useDismissedDuplicates(eventId);
  const [showDismissed, setShowDismissed] = useState(false);

  // Until the dismissals are read, a group about to be hidden must not flash by.
  const shown = ready ? groups.filter((group) => !dismissed.has(group.key)) : [];
  const hidden = ready ? groups.filter((group) => dismissed.has(group.key)) : [];
  const count = (kind: DuplicateKind) => groups.filter((group) => group.kind === kind).length;

  return (
    <section className="card overview-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('overview.duplicates.title')}</h2>
      <p className="muted">{t('overview.duplicates.intro', { max: MAX_NAMESAKES })}</p>
      {groups.length === 0 ? (
        <p>{t('overview.duplicates.none')}</p>
      ) : (
        <>
          <dl className="overview-duplicates__counts" aria-label={t('overview.duplicates.countsLabel')}>
            {DUPLICATE_KINDS.map((kind) => (
              <div key={kind} className={`overview-duplicates__count overview-duplicates__count--${kind}`}>
                <dt>{t(`overview.duplicates.kinds.${kind}`)}</dt>
                <dd>{formatCount(count(kind), language)}</dd>
              </div>
            ))}
          </dl>
          <p className="muted">{t('overview.duplicates.tabCounts')}</p>
          <NotKeptLine shown={keeping === 'not-kept'}>{t('overview.duplicates.notKept')}</NotKeptLine>
          {ready
            ? DUPLICATE_KINDS.map((kind) => (
                <KindList
                  key={kind}
                  kind={kind}
                  eventId={eventId}
                  groups={shown.filter((group) => group.kind === kind)}
                  labels={labels}
                  onDismiss={dismiss}
                />
              ))
            : null}
          {hidden.length > 0 ? (
            <section className="overview-subsection" aria-labelledby={dismissedId}>
              <h3 id={dismissedId} className="visually-hidden">
                {t('overview.duplicates.dismissedTitle')}
              </h3>
              <button
                type="button"
                className="button no-print"
                aria-expanded={showDismissed}
                onClick={() => setShowDismissed((on) => !on)}
              >
                {t(
                  showDismissed ? 'overview.duplicates.hideDismissed' : 'overview.duplicates.showDismissed',
                  {
                    count: hidden.length,
                    formatted: formatCount(hidden.length, language),
                  },
                )}
              </button>
              {showDismissed ? (
                <GroupList eventId={eventId} groups={hidden} labels={labels} onRestore={restore} />
              ) : null}
            </section>
          ) : null}
        </>
      )}
    </section>
  );
}

interface KindListProps {
  readonly kind: DuplicateKind;
  readonly eventId: number;
  readonly groups: readonly DuplicateGroup[];
  readonly labels: InsightLabels;
  readonly onDismiss: (key: string) => void;
}

/** The groups of one kind, under a heading that says what the kind means. */
function KindList({ kind, eventId, groups, labels, onDismiss }: KindListProps) {
  const { t } = useTranslation('insights');
  const headingId = useId();
  if (groups.length === 0) return null;
  return (
    <section className="overview-subsection" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(`overview.duplicates.kinds.${kind}`)}</h3>
      <p className="muted">{t(`overview.duplicates.explain.${kind}`)}</p>
      <GroupList eventId={eventId} groups={groups} labels={labels} onDismiss={onDismiss} />
    </section>
  );
}

interface GroupListProps {
  readonly eventId: number;
  readonly groups: readonly DuplicateGroup[];
  readonly labels: InsightLabels;
  readonly onDismiss?: (key: string) => void;
  readonly onRestore?: (key: string) => void;
}

/** Groups, the first 20 until the promoter asks for all. */
function GroupList({ eventId, groups, labels, onDismiss, onRestore }: GroupListProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const list = useShowMore(groups);
  return (
    <>
      <ul className="overview-duplicates">
        {list.shown.map((group) => (
          <li key={group.key}>
            <DuplicateGroupTable
              eventId={eventId}
              group={group}
              labels={labels}
              onDismiss={onDismiss}
              onRestore={onRestore}
            />
          </li>
        ))}
      </ul>
      {list.toggleable ? (
        <ShowMoreButton
          all={list.all}
          onToggle={list.toggle}
          showAllLabel={t('overview.duplicates.showAll', { formatted: formatCount(groups.length, language) })}
          showFirstLabel={t('overview.duplicates.showFirst', { count: FIRST_ITEMS })}
        />
      ) : null}
    </>
  );
}
