import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import './modal-dialog.css';
import './form-dialog.css';

interface FormDialogProps {
  /** The dialog's heading (an h2), which also names it. */
  title: ReactNode;
  /** The form's fields. */
  children: ReactNode;
  /** Beside the buttons: what submitting will do ("131 labels on 6 sheets"). */
  footer?: ReactNode;
  submitLabel: string;
  cancelLabel: string;
  /** A choice is missing: the submit button is disabled (say why in the form). */
  submitDisabled?: boolean;
  /** The form was submitted; the dialog has closed. */
  onSubmit: () => void;
  /** Escape, the cancel button or a click on the backdrop; the dialog has closed. */
  onCancel: () => void;
}

/**
 * A modal form on the browser's own <dialog>: focus stays inside and the page behind is
 * inert, focus starts on the first field, Enter in a field submits, Escape cancels, and the
 * browser gives focus back to what had it before. The fields scroll between a fixed heading
 * and fixed buttons, so the buttons are always in reach; on a phone it fills the screen. It
 * opens when mounted; the caller unmounts it on either answer.
 */
export function FormDialog({
  title,
  children,
  footer,
  submitLabel,
  cancelLabel,
  submitDisabled = false,
  onSubmit,
  onCancel,
}: FormDialogProps) {
  const headingId = useId();
  const submitted = useRef(false);
  const { dialogProps, close } = useModalDialog(() => (submitted.current ? onSubmit() : onCancel()));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitDisabled) return;
    submitted.current = true;
    close();
  };

  return (
    <dialog {...dialogProps} className="modal-dialog form-dialog" aria-labelledby={headingId}>
      <form className="form-dialog__form" onSubmit={submit} noValidate>
        <h2 className="form-dialog__title" id={headingId}>
          {title}
        </h2>
        <div className="form-dialog__body">{children}</div>
        <div className="form-dialog__footer">
          {footer ? <div className="form-dialog__summary">{footer}</div> : null}
          <div className="form-dialog__actions">
            <button type="button" className="button" onClick={close}>
              {cancelLabel}
            </button>
            <button type="submit" className="button button--primary" disabled={submitDisabled}>
              {submitLabel}
            </button>
          </div>
        </div>
      </form>
    </dialog>
  );
}
