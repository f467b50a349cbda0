import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseFacetValue, clearFacet, facetChoice, type Facet } from '../rows/view-facets';
import { clearRowFilters, hasRowFilters, type RegistrationsView } from '../rows/registrations-view';
import type { SetRegistrationsView } from './use-registrations-screen';
import { FacetFilter, type FacetOption } from './facet-filter';

interface RegistrationsToolbarProps {
  view: RegistrationsView;
  setView: SetRegistrationsView;
  categoryOptions: FacetOption[];
  statusOptions: FacetOption[];
  /** The values left out ("not Cancelled"), each with its label, in the facets' order. */
  exclusionChips: readonly { facet: Facet; value: string; label: string; lang?: string | undefined }[];
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
  exclusionChips,
  answerChips,
  changeChip,
  editionChip = null,
  children,
}: RegistrationsToolbarProps) {
  const { t } = useTranslation('registrations');
  const { t: ti } = useTranslation('insights');
  const checkChip = view.check ? ti('checks.chip', { check: ti(`checks.names.${view.check}`) }) : null;
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
        {(['categories', 'statuses'] as const).map((facet) => (
          <FacetFilter
            key={facet}
            label={t(FACET_TITLES[facet])}
            options={facet === 'categories' ? categoryOptions : statusOptions}
            choiceOf={(value) => facetChoice(view, facet, value)}
            onChoose={(value, choice) =>
              setView((current) => chooseFacetValue(current, facet, value, choice))
            }
            active={
              facet === 'categories'
                ? view.categories.length + view.excludedCategories.length
                : view.statuses.length + view.excludedStatuses.length
            }
            onClear={() => setView((current) => clearFacet(current, facet))}
          />
        ))}
        {children}
        {exclusionChips.map((chip) => (
          <RemovableChip
            key={`${chip.facet}:${chip.value}`}
            label={
              <>
                {t('filters.not')} <span lang={chip.lang}>{chip.label}</span>
              </>
            }
            removeLabel={t('filters.removeNot', { facet: t(FACET_TITLES[chip.facet]), value: chip.label })}
            onRemove={() => setView((current) => chooseFacetValue(current, chip.facet, chip.value, 'any'))}
          />
        ))}
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
        {checkChip !== null ? (
          <RemovableChip
            label={checkChip}
            removeLabel={t('filters.removeEdition', { label: checkChip })}
            onRemove={() => setView((current) => ({ ...current, check: null }))}
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

const FACET_TITLES = { categories: 'filters.category', statuses: 'filters.status' } as const;

/** A filter in force that the toolbar's own menus do not show: one click removes it. */
function RemovableChip({
  label,
  removeLabel,
  onRemove,
}: {
  label: ReactNode;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <button type="button" className="chip" aria-label={removeLabel} onClick={onRemove}>
      {label} <span aria-hidden="true">✕</span>
    </button>
  );
}
