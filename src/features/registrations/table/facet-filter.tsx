import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Menu } from '@/components/menu/menu';
import { formatCount } from '@/lib/numbers';
import { useLanguage } from '@/i18n/use-language';

export interface FacetOption {
  value: string;
  label: string;
  count: number;
  lang?: string | undefined;
}

interface FacetFilterProps {
  label: string;
  options: readonly FacetOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** A menu with one checkbox per value and how many rows each would show. */
export function FacetFilter({ label, options, selected, onChange }: FacetFilterProps) {
  const { t } = useTranslation('registrations');
  const language = useLanguage();
  const id = useId();
  const chosen = new Set(selected);
  const toggle = (value: string) =>
    onChange(chosen.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <Menu
      label={label}
      badge={selected.length > 0 ? <span className="badge badge--accent">{selected.length}</span> : null}
    >
      <fieldset className="menu__fieldset">
        <legend className="visually-hidden">{label}</legend>
        {options.map((option, index) => (
          <label key={option.value} className="menu__option" htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              type="checkbox"
              checked={chosen.has(option.value)}
              onChange={() => toggle(option.value)}
            />
            <span lang={option.lang}>{option.label}</span>
            <span className="menu__count">{formatCount(option.count, language)}</span>
          </label>
        ))}
      </fieldset>
      {selected.length > 0 ? (
        <button type="button" className="button button--ghost" onClick={() => onChange([])}>
          {t('filters.clearOne')}
        </button>
      ) : null}
    </Menu>
  );
}
