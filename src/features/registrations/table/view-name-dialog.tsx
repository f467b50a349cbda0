import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '@/components/dialog/use-modal-dialog';
import { MAX_VIEW_NAME } from '../rows/saved-views';
import '@/components/dialog/confirm-dialog.css';

interface ViewNameDialogProps {
  mode: 'save' | 'rename';
  initialName: string;
  /** The other views' names: a name is used once per event (case and spaces ignored). */
  otherNames: readonly string[];
  /** The event has as many views as it may keep: nothing new can be saved. */
  full?: boolean;
  onSubmit: (name: string) => void;
  onCancel: () => void;
}

type Problem = 'empty' | 'taken' | 'full';
const folded = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/**
 * Asks for a saved view's name, to save the current view or rename one: a modal form, its
 * field focused, what is wrong said beside it (`aria-invalid`, `aria-describedby`) before
 * anything is kept. Enter saves; Escape, Cancel or the backdrop leave everything as it was.
 */
export function ViewNameDialog({
  mode,
  initialName,
  otherNames,
  full = false,
  onSubmit,
  onCancel,
}: ViewNameDialogProps) {
  const { t } = useTranslation('views');
  const headingId = useId();
  const fieldId = useId();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<Problem | null>(full ? 'full' : null);
  const submitted = useRef<string | null>(null);
  const { dialogProps, close } = useModalDialog(() =>
    submitted.current === null ? onCancel() : onSubmit(submitted.current),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim().replace(/\s+/g, ' ');
    const found: Problem | null = full
      ? 'full'
      : trimmed === ''
        ? 'empty'
        : otherNames.some((other) => folded(other) === folded(trimmed))
          ? 'taken'
          : null;
    setProblem(found);
    if (found) return;
    submitted.current = trimmed;
    close();
  };

  return (
    <dialog {...dialogProps} className="confirm-dialog" aria-labelledby={headingId}>
      <form className="confirm-dialog__body" onSubmit={submit} noValidate>
        <h2 id={headingId}>{t(mode === 'save' ? 'dialog.saveTitle' : 'dialog.renameTitle')}</h2>
        <div className="field">
          <label htmlFor={fieldId}>{t('dialog.name')}</label>
          <input
            id={fieldId}
            className="input"
            type="text"
            value={name}
            maxLength={MAX_VIEW_NAME}
            autoComplete="off"
            autoFocus
            aria-invalid={problem !== null}
            aria-describedby={`${fieldId}-hint${problem ? ` ${fieldId}-error` : ''}`}
            onChange={(event) => {
              setName(event.target.value);
              if (problem !== 'full') setProblem(null);
            }}
          />
          <span className="field__hint" id={`${fieldId}-hint`}>
            {t(mode === 'save' ? 'dialog.nameHint' : 'dialog.renameHint')}
          </span>
          {problem ? (
            <span className="field__error" id={`${fieldId}-error`}>
              {t(`dialog.${problem}`)}
            </span>
          ) : null}
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="button" onClick={close}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t(mode === 'save' ? 'dialog.save' : 'dialog.rename')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
