import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RegistrationLabels } from '@/features/registrations/rows/registration-labels';
import { groupNameKey } from './order-sheet';

interface GroupNamesProps {
  /** The categories the answers came from, in the event's order; null: without a category. */
  readonly categoryIds: readonly (number | null)[];
  readonly names: Readonly<Record<string, string>>;
  readonly labels: Pick<RegistrationLabels, 'categoryLabel'>;
  readonly onChange: (names: Readonly<Record<string, string>>) => void;
}

/**
 * The "groups I name" grouping: a name field per category. The sheet adds up categories given
 * the same name at each keystroke (a few dozen cells): the field and the table echo together.
 */
export function GroupNames({ categoryIds, names, labels, onChange }: GroupNamesProps) {
  const { t } = useTranslation('insights');
  const id = useId();
  return (
    <fieldset className="order-sheet__names" aria-describedby={`${id}-hint`}>
      <legend>{t('orderSheet.namesTitle')}</legend>
      <p id={`${id}-hint`} className="muted">
        {t('orderSheet.namesHint')}
      </p>
      <div className="order-sheet__names-grid">
        {categoryIds.map((categoryId) => {
          const key = groupNameKey(categoryId);
          const category = labels.categoryLabel(categoryId);
          return (
            <div key={key} className="field">
              <label htmlFor={`${id}-${key}`} lang={category.lang}>
                {category.text}
              </label>
              <input
                id={`${id}-${key}`}
                className="input"
                type="text"
                maxLength={100}
                autoComplete="off"
                placeholder={t('orderSheet.namePlaceholder')}
                value={names[key] ?? ''}
                onChange={(event) => onChange({ ...names, [key]: event.target.value })}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
