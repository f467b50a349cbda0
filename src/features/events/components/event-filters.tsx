import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyFilter, hasApiFilters, type EventSort, type EventsView } from '../model/events-view';

interface EventFiltersProps {
  view: EventsView;
  /** Called on every change; the screen updates at once and the URL follows after a pause. */
  onChange: (next: EventsView) => void;
  onClear: () => void;
}

export function EventFilters({ view, onChange, onClear }: EventFiltersProps) {
  const { t } = useTranslation('events');
  const id = useId();
  const reversed = Boolean(view.from && view.to && view.from > view.to);
  // Date filters start folded (they fill a phone screen) unless the link already uses them.
  const [datesOpen] = useState(() => hasApiFilters(view));

  return (
    <section className="card event-filters" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('filters.title')}
      </h2>
      <div className="event-filters__row">
        <div className="field event-filters__search">
          <label htmlFor={`${id}-q`}>{t('filters.search')}</label>
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={view.q}
            placeholder={t('filters.searchPlaceholder')}
            onChange={(e) => onChange({ ...view, q: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>{t('filters.sort')}</label>
          <select
            id={`${id}-sort`}
            className="input"
            value={view.sort}
            onChange={(e) => onChange({ ...view, sort: e.target.value as EventSort })}
          >
            <option value="date">{t('filters.sortDate')}</option>
            <option value="name">{t('filters.sortName')}</option>
          </select>
        </div>
      </div>
      <details className="event-filters__more" open={datesOpen}>
        <summary>{t('filters.apiLegend')}</summary>
        <fieldset className="event-filters__dates">
          <legend className="visually-hidden">{t('filters.apiLegend')}</legend>
          <div className="field">
            <label htmlFor={`${id}-from`}>{t('filters.from')}</label>
            <input
              id={`${id}-from`}
              className="input"
              type="date"
              value={view.from}
              max={view.to || undefined}
              aria-describedby={`${id}-from-hint`}
              onChange={(e) => onChange({ ...view, from: e.target.value })}
            />
            <span id={`${id}-from-hint`} className="field__hint">
              {t('filters.fromHint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>{t('filters.to')}</label>
            <input
              id={`${id}-to`}
              className="input"
              type="date"
              value={view.to}
              min={view.from || undefined}
              aria-describedby={`${id}-to-hint`}
              onChange={(e) => onChange({ ...view, to: e.target.value })}
            />
            <span id={`${id}-to-hint`} className="field__hint">
              {t('filters.toHint')}
            </span>
          </div>
          <div className="field">
            <label htmlFor={`${id}-updated`}>{t('filters.updatedSince')}</label>
            <input
              id={`${id}-updated`}
              className="input"
              type="date"
              value={view.updatedSince}
              aria-describedby={`${id}-updated-hint`}
              onChange={(e) => onChange({ ...view, updatedSince: e.target.value })}
            />
            <span id={`${id}-updated-hint`} className="field__hint">
              {t('filters.updatedSinceHint')}
            </span>
          </div>
        </fieldset>
      </details>
      {reversed ? (
        <p className="event-filters__warning" role="status">
          {t('filters.reversed')}
        </p>
      ) : null}
      {hasAnyFilter(view) ? (
        <div>
          <button type="button" className="button" onClick={onClear}>
            {t('filters.clear')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
