import enCharts from './locales/en/charts.json';
import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enEvents from './locales/en/events.json';
import enInsights from './locales/en/insights.json';
import enRegistrations from './locales/en/registrations.json';
import enSession from './locales/en/session.json';
import frCharts from './locales/fr/charts.json';
import frCommon from './locales/fr/common.json';
import frErrors from './locales/fr/errors.json';
import frEvents from './locales/fr/events.json';
import frInsights from './locales/fr/insights.json';
import frRegistrations from './locales/fr/registrations.json';
import frSession from './locales/fr/session.json';

/** English is the reference: its keys type every `t()` call; French mirrors it key for key. */
export const resources = {
  en: {
    charts: enCharts,
    common: enCommon,
    errors: enErrors,
    events: enEvents,
    insights: enInsights,
    registrations: enRegistrations,
    session: enSession,
  },
  fr: {
    charts: frCharts,
    common: frCommon,
    errors: frErrors,
    events: frEvents,
    insights: frInsights,
    registrations: frRegistrations,
    session: frSession,
  },
} as const;

export const namespaces = [
  'charts',
  'common',
  'errors',
  'events',
  'insights',
  'registrations',
  'session',
] as const;
export const defaultNS = 'common';
