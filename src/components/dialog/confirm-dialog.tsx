import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import './modal-dialog.css';
import './confirm-dialog.css';

interface ConfirmDialogProps {
  /** The question (an h2), which also names the dialog. */
  title: ReactNode;
  /** What will happen: describes the dialog. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive action: the confirm button is styled as one. */
  destructive?: boolean;
  onConfirm: () => void;
  /** Escape, the cancel button or a click on the backdrop. */
  onCancel: () => void;
}

/**
 * A modal question on the browser's own <dialog> (an alertdialog): focus stays inside, the
 * page behind is inert. Focus starts on "Cancel", so Enter pressed by habit does not confirm
 * something that cannot be undone. It opens when mounted; the caller unmounts it on either
 * answer and puts focus back where it belongs.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const headingId = useId();
  const descriptionId = useId();
  const confirmed = useRef(false);
  const { dialogProps, close } = useModalDialog(() => (confirmed.current ? onConfirm() : onCancel()));

  return (
    <dialog
      {...dialogProps}
      className="modal-dialog confirm-dialog"
      role="alertdialog"
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
    >
      <div className="confirm-dialog__body">
        <h2 id={headingId}>{title}</h2>
        <div id={descriptionId}>{children}</div>
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={close} autoFocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`button ${destructive ? 'button--danger' : 'button--primary'}`}
            onClick={() => {
              confirmed.current = true;
              close();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
