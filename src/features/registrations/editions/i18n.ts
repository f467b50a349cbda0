import en from '@/i18n/locales/en/editions.json';
import fr from '@/i18n/locales/fr/editions.json';
import { addScreenNamespace } from '@/i18n/screen-namespaces';

// The editions' texts come with their code (the event page's section, the table's filter).
addScreenNamespace('editions', { en, fr });
