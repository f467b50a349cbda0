import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatCount } from '@/lib/numbers';

/** The other edition's list, while a comparison waits for it. */
export interface EditionWait {
  /** The other edition, named. */
  readonly event: string;
  /** Its load stopped or failed: the promoter can take it up again. */
  readonly stopped: boolean;
  readonly failed: boolean;
  /** Resume the stopped load, or reload the failed one. */
  readonly takeUp: () => void;
}

interface RegistrationsCountProps {
  /** The search these rows answer (the benchmark reads it to time each keystroke). */
  readonly search: string;
  /** The first rows are being built: there is nothing to count yet, and "0 of 0" would be wrong. */
  readonly loading: boolean;
  readonly edition: EditionWait | null;
  /** The registrations a full check no longer found, when those are what is shown. */
  readonly removed: readonly unknown[] | null;
  readonly filtering: boolean;
  readonly shown: number;
  readonly total: number;
}

/** The line that says how many registrations the table shows, read out as it changes. */
export function RegistrationsCount({
  search,
  loading,
  edition,
  removed,
  filtering,
  shown,
  total,
}: RegistrationsCountProps) {
  const { t } = useTranslation('registrations');
  const { t: te } = useTranslation('editions');
  const language = useLanguage();
  const count = (n: number) => formatCount(n, language);
  return (
    <p className="registrations-count" role="status" data-search={search}>
      {loading ? null : edition ? (
        <>
          {te(edition.stopped ? 'listStopped' : 'listLoading', { event: edition.event })}
          {edition.stopped ? (
            <>
              {' '}
              <button type="button" className="link-button" onClick={edition.takeUp}>
                {te(edition.failed ? 'retry' : 'resume')}
              </button>
            </>
          ) : null}
        </>
      ) : removed ? (
        t('changes.removed', { count: removed.length, formatted: count(removed.length) })
      ) : filtering ? (
        t('shownFiltered', { shown: count(shown), total: count(total), count: shown })
      ) : (
        t('shown', { total: count(total), count: total })
      )}
    </p>
  );
}
