import { formatInstant } from './dates';
import { formatCount, formatPercent } from './numbers';

/**
 * Creates the number and date formats the screens use first, in `locale`. The page's first
 * Intl format loads the language's data: 25 to 40 ms on a 2-core desktop, four times that on
 * a phone. Done at start-up while the screen's code downloads, that wait is not part of the
 * screen's first render (which had it inside its first count).
 */
export function warmLocaleFormats(locale: string): void {
  formatCount(0, locale);
  formatPercent(0, locale);
  formatInstant(new Date(0), locale);
}
