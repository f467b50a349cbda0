import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enEvents from './locales/en/events.json';
import enRegistrations from './locales/en/registrations.json';
import enSession from './locales/en/session.json';
import frCommon from './locales/fr/common.json';
import frErrors from './locales/fr/errors.json';
import frEvents from './locales/fr/events.json';
import frRegistrations from './locales/fr/registrations.json';
import frSession from './locales/fr/session.json';

/** English is the reference: its keys type every `t()` call; French mirrors it key for key. */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    events: enEvents,
    registrations: enRegistrations,
    session: enSession,
  },
  fr: {
    common: frCommon,
    errors: frErrors,
    events: frEvents,
    registrations: frRegistrations,
    session: frSession,
  },
} as const;

export const namespaces = ['common', 'errors', 'events', 'registrations', 'session'] as const;
export const defaultNS = 'common';
