import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@/components/menu/menu';
import { formatCount } from '@/lib/numbers';
import { useLanguage } from '@/i18n/use-language';
import type { FacetChoice } from '../rows/view-facets';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  lang?: string | undefined;
}

interface FacetFilterProps {
  label: string;
  options: readonly FacetOption[];
  /** Whether each value is chosen, excluded or neither. */
  choiceOf: (value: string) => FacetChoice;
  onChoose: (value: string, choice: FacetChoice) => void;
  /** How many values are chosen or excluded (the button's badge). */
  active: number;
  onClear: () => void;
}

/**
 * A menu with, for each value, a checkbox that keeps only the values ticked and a "not" toggle
 * button (aria-pressed) that leaves that value out ("everyone except"), and how many rows each
 * would show. Both are ordinary controls in the menu's arrow-key order; the toggle's name is
 * its visible "not" followed by the value ("not Cancelled"), as the chip it makes says.
 */
export function FacetFilter({ label, options, choiceOf, onChoose, active, onClear }: FacetFilterProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const id = useId();

  return (
    <Menu label={label} badge={active > 0 ? <span className="badge badge--accent">{active}</span> : null}>
      <p className="muted menu__note" id={`${id}-hint`}>
        {t('filters.facetHint')}
      </p>
      <fieldset className="menu__fieldset" aria-describedby={`${id}-hint`}>
        <legend className="visually-hidden">{label}</legend>
        {options.map((option, index) => {
          const choice = choiceOf(option.value);
          return (
            <div key={option.value} className={`facet-option facet-option--${choice}`}>
              <label className="menu__option" htmlFor={`${id}-${index}`}>
                <input
                  id={`${id}-${index}`}
                  type="checkbox"
                  checked={choice === 'include'}
                  onChange={() => onChoose(option.value, choice === 'include' ? 'any' : 'include')}
                />
                <span className="facet-option__label" id={`${id}-${index}-label`} lang={option.lang}>
                  {option.label}
                </span>
                <span className="menu__count">{formatCount(option.count, language)}</span>
              </label>
              <button
                type="button"
                className="facet-option__not"
                aria-pressed={choice === 'exclude'}
                // "not Cancelled": its own word, then the value's label (in its language).
                aria-labelledby={`${id}-${index}-not ${id}-${index}-label`}
                onClick={() => onChoose(option.value, choice === 'exclude' ? 'any' : 'exclude')}
              >
                <span id={`${id}-${index}-not`}>{t('filters.not')}</span>
              </button>
            </div>
          );
        })}
      </fieldset>
      {active > 0 ? (
        <button type="button" className="button button--ghost" onClick={onClear}>
          {t('filters.clearOne')}
        </button>
      ) : null}
    </Menu>
  );
}
