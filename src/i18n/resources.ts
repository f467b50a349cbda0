import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import frCommon from './locales/fr/common.json';
import frErrors from './locales/fr/errors.json';
import type enCharts from './locales/en/charts.json';
import type enDevice from './locales/en/device.json';
import type enEditions from './locales/en/editions.json';
import type enEvents from './locales/en/events.json';
import type enFigures from './locales/en/figures.json';
import type enInsights from './locales/en/insights.json';
import type enMailing from './locales/en/mailing.json';
import type enRegistrations from './locales/en/registrations.json';
import type enSearch from './locales/en/search.json';
import type enSession from './locales/en/session.json';
import type enViews from './locales/en/views.json';

/**
 * The texts every screen needs (the shell, errors), bundled with the app so the first paint is
 * already translated. The texts of one area come with that area's code (see
 * screen-namespaces.ts), the sign-in screen's included: a promoter on the sign-in screen does
 * not download the registrations table's texts in two languages, nor a signed-in one the
 * sign-in form's.
 */
export const resources = {
  en: { common: enCommon, errors: enErrors },
  fr: { common: frCommon, errors: frErrors },
} as const;

export const namespaces = ['common', 'errors'] as const;
export const defaultNS = 'common';

/** Every namespace's English texts, as types only: they type every `t()` call. */
export interface AllResources {
  charts: typeof enCharts;
  common: typeof enCommon;
  device: typeof enDevice;
  editions: typeof enEditions;
  errors: typeof enErrors;
  events: typeof enEvents;
  figures: typeof enFigures;
  insights: typeof enInsights;
  mailing: typeof enMailing;
  registrations: typeof enRegistrations;
  search: typeof enSearch;
  session: typeof enSession;
  views: typeof enViews;
}
