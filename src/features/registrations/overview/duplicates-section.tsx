import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { DuplicateGroup } from '../insights/duplicate-groups';
import type { InsightLabels } from '../insights/use-insight-labels';
import { DuplicateGroupTable } from './duplicate-group-table';
import { FIRST_ITEMS, ShowMoreButton, useShowMore } from '@/components/tables/show-more';

interface DuplicatesSectionProps {
  /** Largest groups first. */
  readonly groups: readonly DuplicateGroup[];
  readonly labels: InsightLabels;
}

/** Registrations that may be one person twice: each group with why, and its registrations. */
export function DuplicatesSection({ groups, labels }: DuplicatesSectionProps) {
  const { t } = useTranslation('insights');
  const language = useLanguage();
  const headingId = useId();
  const list = useShowMore(groups);

  return (
    <section className="card overview-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('overview.duplicates.title')}</h2>
      <p className="muted">{t('overview.duplicates.intro')}</p>
      {groups.length === 0 ? (
        <p>{t('overview.duplicates.none')}</p>
      ) : (
        <>
          <ul className="overview-duplicates">
            {list.shown.map((group) => (
              // A registration can be in two groups, but never two groups with the same members and reasons.
              <li key={`${group.reasons.join()}:${group.registrations.map((r) => r.registration_id).join()}`}>
                <DuplicateGroupTable group={group} labels={labels} />
              </li>
            ))}
          </ul>
          {list.toggleable ? (
            <ShowMoreButton
              all={list.all}
              onToggle={list.toggle}
              showAllLabel={t('overview.duplicates.showAll', {
                formatted: formatCount(groups.length, language),
              })}
              showFirstLabel={t('overview.duplicates.showFirst', { count: FIRST_ITEMS })}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
