import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/i18n/languages';
import { useLanguage } from '@/i18n/use-language';
import type { PartnerEvent } from '@/engine/api/event-schemas';

/**
 * What an event is named from: the event as the API sent it (its name may be null or absent),
 * or only its id where the event itself is not at hand (not in the list, or not loaded yet).
 */
export type EventNaming = (Pick<PartnerEvent, 'eve_id'> & Partial<Pick<PartnerEvent, 'eve_nom_fr'>>) | number;

/** An event's label; `lang` only when the text is not in the screen's language. */
export interface EventLabel {
  readonly text: string;
  readonly lang?: Language;
}

/**
 * The one way an event is named, on every screen, page title, printed header, file name and
 * search result, so the same event reads the same everywhere. The API names events in French
 * only (`eve_nom_fr`, API document 2.1): on an English screen the French name stands in, with
 * `lang: 'fr'` so screen readers say it in French. An event without a name (null, absent or
 * blank) is "Unnamed event (#id)"; one known only by its id is "Event #id", since it may well
 * have a name the app has not seen. Pure apart from reading the texts (the common namespace,
 * always loaded).
 */
export function eventLabel(event: EventNaming, language: Language, i18n: I18n): EventLabel {
  const t = i18n.getFixedT(language, 'common');
  if (typeof event === 'number') return { text: t('event.byId', { id: event }) };
  const name = event.eve_nom_fr?.trim();
  if (!name) return { text: t('event.unnamed', { id: event.eve_id }) };
  return language === 'fr' ? { text: name } : { text: name, lang: 'fr' };
}

/** eventLabel in the screen's language; a new function when the language changes. */
export function useEventLabel(): (event: EventNaming) => EventLabel {
  const { i18n } = useTranslation();
  const language = useLanguage();
  return useCallback((event: EventNaming) => eventLabel(event, language, i18n), [language, i18n]);
}

/** An event's label as text, the French name marked `lang="fr"` where it stands in. */
export function EventName({ event }: { event: EventNaming }) {
  const label = useEventLabel()(event);
  return label.lang ? <span lang={label.lang}>{label.text}</span> : <>{label.text}</>;
}
