import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../rows/registration-labels';
import { cellText, personName, type RegistrationRow } from '../rows/registration-rows';
import type { RegistrationsView } from '../rows/registrations-view';
import { RegistrationCell } from './registration-cell';
import { usePageWindow } from './use-page-window';

interface RegistrationCardsProps {
  rows: readonly RegistrationRow[];
  viewKey: string;
  sortableIds: readonly string[];
  sort: RegistrationsView['sort'];
  onSortChange: (sort: RegistrationsView['sort']) => void;
  titles: ReadonlyMap<string, Label>;
  label: string;
  onOpen: (registrationId: number) => void;
}

/** Card height plus the gap below it, in px: fixed, so the window over 100,000 cards is exact. */
const CARD_STEP = 112;
/** Cards drawn beyond each edge of the screen, so a quick flick does not show blank space. */
const OVERSCAN = 6;

/**
 * The registrations on a phone: one card per registration (name, payment, category, e-mail,
 * order), in the page's own scroll, windowed like the table so 100,000 cards cost what 10 do.
 * A sort menu replaces the table's headers. Each card opens the details.
 */
export function RegistrationCards({
  rows,
  viewKey,
  sortableIds,
  sort,
  onSortChange,
  titles,
  label,
  onOpen,
}: RegistrationCardsProps) {
  const { t } = useTranslation('registrations');
  const sortId = useId();
  const list = useRef<HTMLUListElement>(null);
  const { start, end } = usePageWindow(list, rows.length, CARD_STEP, OVERSCAN);
  // Another search, filter or sort brings the list's top back into view if it was scrolled
  // past. Not on the first render: reading the page's layout there would force it.
  const shownView = useRef(viewKey);
  useEffect(() => {
    if (shownView.current === viewKey) return;
    shownView.current = viewKey;
    if (list.current && window.scrollY > list.current.offsetTop)
      window.scrollTo({ top: list.current.offsetTop });
  }, [viewKey]);

  const sortValue = sort ? `${sort.id}:${sort.desc ? 'desc' : 'asc'}` : '';
  return (
    <div className="registration-cards">
      <div className="field registration-cards__sort">
        <label htmlFor={sortId}>{t('cards.sortBy')}</label>
        <select
          id={sortId}
          className="input"
          value={sortValue}
          onChange={(event) => {
            const [id, direction] = event.target.value.split(':');
            onSortChange(id ? { id, desc: direction === 'desc' } : null);
          }}
        >
          <option value="">{t('cards.apiOrder')}</option>
          {sortableIds.flatMap((id) => {
            const title = titles.get(id)?.text ?? id;
            return [
              <option key={`${id}:asc`} value={`${id}:asc`}>
                {t('cards.ascending', { column: title })}
              </option>,
              <option key={`${id}:desc`} value={`${id}:desc`}>
                {t('cards.descending', { column: title })}
              </option>,
            ];
          })}
        </select>
      </div>
      <ul
        ref={list}
        className="registration-cards__list"
        aria-label={label}
        style={{ height: rows.length * CARD_STEP }}
      >
        {rows.slice(start, end).map((row, i) => {
          const index = start + i;
          return (
            <li
              key={row.id}
              className="registration-card"
              aria-setsize={rows.length}
              aria-posinset={index + 1}
              style={{ transform: `translateY(${index * CARD_STEP}px)` }}
            >
              <button type="button" className="registration-card__button" onClick={() => onOpen(row.id)}>
                <span className="registration-card__top">
                  <strong className="registration-card__name">{personName(row)}</strong>
                  <RegistrationCell row={row} columnId="payment_status" />
                </span>
                <span className="registration-card__line">{row.category}</span>
                <span className="registration-card__line muted">{cellText(row, 'email')}</span>
                <span className="registration-card__line muted">
                  #{row.id} · {cellText(row, 'order_id')}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
