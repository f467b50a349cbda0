import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';
import type { DuplicateGroup } from '../insights/duplicate-groups';
import type { InsightLabels } from '../insights/use-insight-labels';
import { personName } from './person-name';
import { ScrollRegion } from './scroll-region';
import { FIRST_ITEMS, useShowMore } from './show-more';
import { ShowMoreButton } from './show-more-button';

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

  const reason = (group: DuplicateGroup) => {
    const email = group.email ?? '';
    const name = group.name ?? '';
    if (group.reasons.length > 1) return t('overview.duplicates.both', { email, name });
    return group.reasons[0] === 'email'
      ? t('overview.duplicates.email', { email })
      : t('overview.duplicates.name', { name });
  };

  return (
    <section className="card overview-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('overview.duplicates.title')}</h2>
      <p className="muted">{t('overview.duplicates.intro')}</p>
      {groups.length === 0 ? (
        <p>{t('overview.duplicates.none')}</p>
      ) : (
        <>
          <ul className="overview-duplicates">
            {list.shown.map((group) => {
              const caption = reason(group);
              return (
                <li key={group.registrations.map((r) => r.registration_id).join(',') + group.reasons.join()}>
                  <ScrollRegion label={caption}>
                    <table className="overview-table overview-table--records">
                      <caption>{caption}</caption>
                      <thead>
                        <tr>
                          <th scope="col">{t('overview.duplicates.id')}</th>
                          <th scope="col">{t('overview.duplicates.person')}</th>
                          <th scope="col">{t('overview.duplicates.emailColumn')}</th>
                          <th scope="col">{t('overview.duplicates.category')}</th>
                          <th scope="col">{t('overview.duplicates.status')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {group.registrations.map((registration) => {
                          const category = labels.categoryLabel(registration.category_id ?? null);
                          return (
                            <tr key={registration.registration_id}>
                              <th scope="row" className="overview-table__code">
                                {registration.registration_id}
                              </th>
                              <td>{personName(registration)}</td>
                              <td className="overview-table__email">{registration.email ?? ''}</td>
                              <td lang={category.lang}>{category.text}</td>
                              <td>{labels.status(registration.payment_status ?? '')}</td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </ScrollRegion>
                </li>
              );
            })}
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
