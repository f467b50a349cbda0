import { useState } from 'react';
import './tables.css';

/** Long lists show this many items until the promoter asks for all. */
export const FIRST_ITEMS = 20;

/** The first items of a list (`first`, 20 unless said), or all of them once asked. */
export function useShowMore<T>(items: readonly T[], first: number = FIRST_ITEMS) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, first);
  return {
    shown,
    all,
    /** Nothing to toggle when the list is short. */
    toggleable: items.length > first,
    toggle: () => setAll((on) => !on),
  };
}

interface ShowMoreButtonProps {
  readonly all: boolean;
  readonly onToggle: () => void;
  /** "Show all 120 orders". */
  readonly showAllLabel: string;
  /** "Show the first 20 only". */
  readonly showFirstLabel: string;
}

/** Shows the rest of a long list, or goes back to the first items. Hidden in print. */
export function ShowMoreButton({ all, onToggle, showAllLabel, showFirstLabel }: ShowMoreButtonProps) {
  return (
    <button type="button" className="button no-print" onClick={onToggle}>
      {all ? showFirstLabel : showAllLabel}
    </button>
  );
}
