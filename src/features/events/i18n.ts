import { addScreenNamespace } from '@/i18n/screen-namespaces';
import en from '@/i18n/locales/en/events.json';
import fr from '@/i18n/locales/fr/events.json';

// The events screens' texts come with their code (see addScreenNamespace).
addScreenNamespace('events', { en, fr });
