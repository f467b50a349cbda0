import { formatInstant } from './dates';
import { formatCount, formatPercent } from './numbers';

/**
 * Creates the number and date formats the screens use first, in `locale`. The page's first
 * Intl format loads the language's data: a task of tens of milliseconds, a long one on a
 * phone. The page's entry (main.tsx) does it while the app's code downloads, so that wait is
 * neither part of the first screen's render nor a task after the app has started. The formats
 * are kept (numbers.ts, dates.ts) for the screens to use.
 */
export function warmLocaleFormats(locale: string): void {
  formatCount(0, locale);
  formatPercent(0, locale);
  formatInstant(new Date(0), locale);
}
