import { addScreenNamespace } from '@/i18n/screen-namespaces';
import enCharts from '@/i18n/locales/en/charts.json';
import enInsights from '@/i18n/locales/en/insights.json';
import enMailing from '@/i18n/locales/en/mailing.json';
import enRegistrations from '@/i18n/locales/en/registrations.json';
import enViews from '@/i18n/locales/en/views.json';
import frCharts from '@/i18n/locales/fr/charts.json';
import frInsights from '@/i18n/locales/fr/insights.json';
import frMailing from '@/i18n/locales/fr/mailing.json';
import frRegistrations from '@/i18n/locales/fr/registrations.json';
import frViews from '@/i18n/locales/fr/views.json';

// The registrations screens' texts come with their code (see addScreenNamespace).
addScreenNamespace('registrations', { en: enRegistrations, fr: frRegistrations });
addScreenNamespace('insights', { en: enInsights, fr: frInsights });
addScreenNamespace('charts', { en: enCharts, fr: frCharts });
addScreenNamespace('mailing', { en: enMailing, fr: frMailing });
addScreenNamespace('views', { en: enViews, fr: frViews });
