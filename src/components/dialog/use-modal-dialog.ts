import { useEffect, useRef, type MouseEvent, type SyntheticEvent } from 'react';

/**
 * The browser's own <dialog>, modal from mount to unmount: focus stays inside and the page
 * behind is inert while it is open, and a click on the backdrop (outside the dialog's box)
 * closes it, as Escape does. Spread `dialogProps` on the <dialog>; `close()` closes it, and
 * `onClose` hears of every close (Escape, backdrop, `close()`).
 *
 * A `close` event arrives a task after `close()`: when React's development mode mounts the
 * dialog twice, the first mount's clean-up closes it, the second opens it again, and that
 * late event would close the dialog that was just opened. So a `close` event that finds the
 * dialog open again, or comes from the clean-up itself, is not a close.
 */
export function useModalDialog(onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  /** The clean-up is closing it: the caller is unmounting it and knows already. */
  const cleaningUp = useRef(false);
  useEffect(() => {
    const element = ref.current;
    cleaningUp.current = false;
    if (element && !element.open) element.showModal();
    return () => {
      cleaningUp.current = true;
      element?.close();
    };
  }, []);
  return {
    dialogProps: {
      ref,
      onClick: (event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      },
      onClose: (event: SyntheticEvent<HTMLDialogElement>) => {
        if (!event.currentTarget.open && !cleaningUp.current) onClose();
      },
    },
    close: () => ref.current?.close(),
  };
}
