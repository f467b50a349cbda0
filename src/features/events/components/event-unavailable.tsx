import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { StatePanel } from '@/components/states/state-panel';

/**
 * One page for an unknown event and for another promoter's event: the API may answer 403
 * or 404 (the document does not say), and the promoter needs the same next step either way.
 */
export function EventUnavailable() {
  const { t } = useTranslation('events');
  return (
    <StatePanel
      role="alert"
      headingLevel={1}
      title={t('unavailable.title')}
      actions={
        <Link className="button button--primary" to={paths.events.build()}>
          {t('unavailable.action')}
        </Link>
      }
    >
      <p>{t('unavailable.description')}</p>
    </StatePanel>
  );
}
