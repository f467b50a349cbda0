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
    <button type="button" className="button overview__no-print" onClick={onToggle}>
      {all ? showFirstLabel : showAllLabel}
    </button>
  );
}
