import { useEffect } from 'react';

/**
 * For a print-only document (the check-in list, the label sheets): opens the browser's print
 * dialog once it is in the page when `autoPrint`, and reports when that dialog closes
 * (printed or cancelled), so the caller unmounts it.
 */
export function usePrintOnMount(autoPrint: boolean, onAfterPrint: (() => void) | undefined): void {
  useEffect(() => {
    if (!onAfterPrint) return;
    window.addEventListener('afterprint', onAfterPrint);
    return () => window.removeEventListener('afterprint', onAfterPrint);
  }, [onAfterPrint]);

  useEffect(() => {
    if (autoPrint) window.print();
  }, [autoPrint]);
}
