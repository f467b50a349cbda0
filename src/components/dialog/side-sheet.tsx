import { useEffect, useId, useRef, type ReactNode } from 'react';
import './side-sheet.css';

interface SideSheetProps {
  /** The sheet's heading (an h2), which also names the dialog. */
  title: ReactNode;
  /** The close button's text. */
  closeLabel: string;
  /** Called once the sheet has closed (Escape, the close button or a click on the backdrop). */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal side sheet on the browser's own <dialog>: focus stays inside while it is open, the
 * page behind is inert, Escape closes it, and so do the close button and a click on the
 * backdrop. It opens when mounted; the caller unmounts it in `onClose` and puts focus back
 * where it was.
 */
export function SideSheet({ title, closeLabel, onClose, children }: SideSheetProps) {
  const headingId = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="side-sheet"
      aria-labelledby={headingId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the dialog's box) closes it, as on every modal sheet.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="side-sheet__body">
        <div className="side-sheet__header">
          <h2 id={headingId}>{title}</h2>
          <button type="button" className="button" onClick={() => dialog.current?.close()} autoFocus>
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
