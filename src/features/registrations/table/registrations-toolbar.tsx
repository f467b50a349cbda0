import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clearRowFilters, hasRowFilters, type RegistrationsView } from '../rows/registrations-view';
import type { SetRegistrationsView } from './use-registrations-screen';
import { FacetFilter, type FacetOption } from './facet-filter';

interface RegistrationsToolbarProps {
  view: RegistrationsView;
  setView: SetRegistrationsView;
  categoryOptions: FacetOption[];
  statusOptions: FacetOption[];
  /** The answer filters in force (from an overview link), each with its label. */
  answerChips: readonly { value: string; label: string }[];
  /** The change filter in force ("New since 21 Nov, 07:42"), from the "What changed" links. */
  changeChip: string | null;
  /** The edition list in force ("Lapsed: not registered for …"), from the Editions section. */
  editionChip?: string | null;
  /** Columns and export menus. */
  children?: ReactNode;
}

export function RegistrationsToolbar({
  view,
  setView,
  categoryOptions,
  statusOptions,
  answerChips,
  changeChip,
  editionChip = null,
  children,
}: RegistrationsToolbarProps) {
  const { t } = useTranslation('registrations');
  const id = useId();
  return (
    <div className="registrations-toolbar">
      <div className="field registrations-toolbar__search">
        <label htmlFor={id}>{t('search.label')}</label>
        <input
          id={id}
          className="input"
          type="search"
          value={view.q}
          placeholder={t('search.placeholder')}
          onChange={(event) => {
            const q = event.target.value;
            setView((current) => ({ ...current, q }));
          }}
        />
      </div>
      <div className="registrations-toolbar__menus">
        <FacetFilter
          label={t('filters.category')}
          options={categoryOptions}
          selected={view.categories}
          onChange={(categories) => setView((current) => ({ ...current, categories }))}
        />
        <FacetFilter
          label={t('filters.status')}
          options={statusOptions}
          selected={view.statuses}
          onChange={(statuses) => setView((current) => ({ ...current, statuses }))}
        />
        {children}
        {answerChips.map((chip) => (
          <RemovableChip
            key={chip.value}
            label={chip.label}
            removeLabel={t('filters.removeAnswer', { answer: chip.label })}
            onRemove={() =>
              setView((current) => ({ ...current, answers: current.answers.filter((a) => a !== chip.value) }))
            }
          />
        ))}
        {changeChip !== null ? (
          <RemovableChip
            label={changeChip}
            removeLabel={t('changes.removeChip', { label: changeChip })}
            onRemove={() => setView((current) => ({ ...current, changes: null }))}
          />
        ) : null}
        {editionChip !== null ? (
          <RemovableChip
            label={editionChip}
            removeLabel={t('filters.removeEdition', { label: editionChip })}
            onRemove={() => setView((current) => ({ ...current, edition: null }))}
          />
        ) : null}
        {view.order.trim() !== '' ? (
          <RemovableChip
            label={t('filters.orderChip', { order: view.order })}
            removeLabel={t('filters.removeOrder', { order: view.order })}
            onRemove={() => setView((current) => ({ ...current, order: '' }))}
          />
        ) : null}
        {hasRowFilters(view) ? (
          <button type="button" className="button button--ghost" onClick={() => setView(clearRowFilters)}>
            {t('filters.clear')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A filter in force that the toolbar's own menus do not show: one click removes it. */
function RemovableChip({
  label,
  removeLabel,
  onRemove,
}: {
  label: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <button type="button" className="chip" aria-label={removeLabel} onClick={onRemove}>
      {label} <span aria-hidden="true">✕</span>
    </button>
  );
}
