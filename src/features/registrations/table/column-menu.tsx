import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@/components/menu/menu';
import type { Label } from '../rows/registration-labels';

interface ColumnMenuProps {
  columnIds: readonly string[];
  hidden: readonly string[];
  titles: ReadonlyMap<string, Label>;
  onHiddenChange: (hidden: string[]) => void;
}

/** Show or hide columns; the id column stays, it opens the details. */
// Memoized: a keystroke in the search changes none of its props.
export const ColumnMenu = memo(function ColumnMenu({
  columnIds,
  hidden,
  titles,
  onHiddenChange,
}: ColumnMenuProps) {
  const { t } = useTranslation('registrations');
  const id = useId();
  const columns = columnIds.filter((columnId) => columnId !== 'registration_id');
  const hiddenSet = new Set(hidden);
  const hiddenCount = columns.filter((columnId) => hiddenSet.has(columnId)).length;
  const toggle = (columnId: string) =>
    onHiddenChange(hiddenSet.has(columnId) ? hidden.filter((h) => h !== columnId) : [...hidden, columnId]);

  return (
    <Menu
      label={t('columnsMenu.label')}
      badge={
        hiddenCount > 0 ? (
          <span className="badge badge--accent">{t('columnsMenu.hidden', { count: hiddenCount })}</span>
        ) : null
      }
    >
      <fieldset className="menu__fieldset">
        <legend className="visually-hidden">{t('columnsMenu.label')}</legend>
        {columns.map((columnId, index) => {
          const title = titles.get(columnId) ?? { text: columnId };
          return (
            <label key={columnId} className="menu__option" htmlFor={`${id}-${index}`}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                checked={!hiddenSet.has(columnId)}
                onChange={() => toggle(columnId)}
              />
              <span lang={title.lang}>{title.text}</span>
            </label>
          );
        })}
      </fieldset>
      {hiddenCount > 0 ? (
        <button type="button" className="button button--ghost" onClick={() => onHiddenChange([])}>
          {t('columnsMenu.showAll')}
        </button>
      ) : null}
    </Menu>
  );
});
