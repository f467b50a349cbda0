import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import type { PartnerEvent } from '../api/schemas';

/**
 * The API has no English event name (`eve_nom_fr` only): English screens show the French
 * name marked `lang="fr"` so screen readers pronounce it as French.
 */
export function EventName({ event }: { event: PartnerEvent }) {
  const { t } = useTranslation('events');
  const language = useLanguage();
  const name = event.eve_nom_fr?.trim();
  if (!name) return <>{t('unnamed', { id: event.eve_id })}</>;
  return language === 'fr' ? <>{name}</> : <span lang="fr">{name}</span>;
}
