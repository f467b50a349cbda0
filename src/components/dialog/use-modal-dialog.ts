import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * The browser's own <dialog>, modal from mount to unmount: focus stays inside and the page
 * behind is inert while it is open, and a click on the backdrop (outside the dialog's box)
 * closes it, as Escape does. Spread `dialogProps` on the <dialog>; `close()` closes it (its
 * `close` event then tells the caller).
 */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return {
    dialogProps: {
      ref,
      onClick: (event: MouseEvent<HTMLDialogElement>) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      },
    },
    close: () => ref.current?.close(),
  };
}
