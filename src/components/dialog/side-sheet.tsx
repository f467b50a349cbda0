import { useId, type KeyboardEventHandler, type ReactNode, type Ref } from 'react';
import { useModalDialog } from './use-modal-dialog';
import './side-sheet.css';

interface SideSheetProps {
  /** The sheet's heading (an h2), which also names the dialog. */
  title: ReactNode;
  /** The close button's text. */
  closeLabel: string;
  /** Called once the sheet has closed (Escape, the close button or a click on the backdrop). */
  onClose: () => void;
  /** Keys the sheet's content answers to wherever focus is inside it (e.g. previous/next). */
  onKeyDown?: KeyboardEventHandler<HTMLElement>;
  /** Given: the heading can take the focus from a script (a sheet whose content changes in place). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/**
 * A modal side sheet on the browser's own <dialog>: focus stays inside while it is open, the
 * page behind is inert, Escape closes it, and so do the close button and a click on the
 * backdrop. It opens when mounted; the caller unmounts it in `onClose` and puts focus back
 * where it was.
 */
export function SideSheet({ title, closeLabel, onClose, onKeyDown, headingRef, children }: SideSheetProps) {
  const headingId = useId();
  const { dialogProps, close } = useModalDialog(onClose);

  return (
    <dialog {...dialogProps} className="side-sheet" aria-labelledby={headingId}>
      <div className="side-sheet__body" onKeyDown={onKeyDown}>
        <div className="side-sheet__header">
          <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
            {title}
          </h2>
          <button type="button" className="button" onClick={close} autoFocus>
            {closeLabel}
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
