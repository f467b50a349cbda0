import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnTitle } from './registrations-columns';
import type { RegistrationsTableInstance } from './use-registrations-table';

/** Show or hide columns; the id column stays, it opens the details. */
export function ColumnMenu({
  table,
  titles,
}: {
  table: RegistrationsTableInstance;
  titles: ReadonlyMap<string, ColumnTitle>;
}) {
  const { t } = useTranslation('registrations');
  const id = useId();
  const columns = table.getAllLeafColumns().filter((column) => column.id !== 'registration_id');
  const hiddenCount = columns.filter((column) => !column.getIsVisible()).length;

  return (
    <details className="menu">
      <summary className="button">
        {t('columnsMenu.label')}
        {hiddenCount > 0 ? (
          <span className="badge badge--accent">{t('columnsMenu.hidden', { count: hiddenCount })}</span>
        ) : null}
      </summary>
      <fieldset className="menu__panel">
        <legend className="visually-hidden">{t('columnsMenu.label')}</legend>
        {columns.map((column, index) => {
          const title = titles.get(column.id) ?? { text: column.id };
          return (
            <label key={column.id} className="menu__option" htmlFor={`${id}-${index}`}>
              <input
                id={`${id}-${index}`}
                type="checkbox"
                checked={column.getIsVisible()}
                onChange={column.getToggleVisibilityHandler()}
              />
              <span lang={title.lang}>{title.text}</span>
            </label>
          );
        })}
        {hiddenCount > 0 ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => table.setColumnVisibility({})}
          >
            {t('columnsMenu.showAll')}
          </button>
        ) : null}
      </fieldset>
    </details>
  );
}
