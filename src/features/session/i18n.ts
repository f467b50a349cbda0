import { addScreenNamespace } from '@/i18n/screen-namespaces';
import en from '@/i18n/locales/en/session.json';
import fr from '@/i18n/locales/fr/session.json';

// The sign-in screen's texts (and the demo's "next day") come with their code (see
// addScreenNamespace): the page load of the sign-in screen loads its code before the first render.
addScreenNamespace('session', { en, fr });
