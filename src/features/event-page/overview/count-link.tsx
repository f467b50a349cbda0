import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';

interface CountLinkProps {
  /** The registrations table filtered to exactly the registrations counted. */
  readonly to: string;
  readonly count: number;
  /**
   * What is counted ("Open race, Paid"), so the link makes sense out of its table too.
   * Absent: every registration of the event.
   */
  readonly what?: string;
}

/**
 * A count that opens the rows it counts. The visible text is the number alone (tables stay
 * readable); the accessible name starts with that same number, then says what it counts, so
 * a screen reader's list of links is not "14, 13, 11". Zero stays plain text: a link to an
 * empty table leads nowhere.
 */
export function CountLink({ to, count, what }: CountLinkProps) {
  const { t } = useTranslation('insights');
  const formatted = formatCount(count, useLanguage());
  if (count === 0) return <span className="overview__zero">{formatted}</span>;
  return (
    <Link
      to={to}
      aria-label={
        what === undefined
          ? t('overview.allLink', { count, formatted })
          : t('overview.countLink', { count, formatted, what })
      }
    >
      {formatted}
    </Link>
  );
}
