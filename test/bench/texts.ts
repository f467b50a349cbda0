/** The UI texts the benchmark relies on, read from the English resources so they stay in sync. */
import registrations from '../../src/i18n/locales/en/registrations.json';
import session from '../../src/i18n/locales/en/session.json';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

export const TEXT = {
  signInTitle: session.title,
  baseUrl: session.baseUrl.label,
  apiKey: session.apiKey.label,
  submit: session.submit,
  search: registrations.search.label,
  lastName: registrations.columns.last_name,
  exportButton: registrations.export.button,
  excelEnglish: registrations.export.presets['excel-en'].label,
  allLoaded: (formatted: string) => fill(registrations.load.complete_other, { formatted }),
  shown: (total: string) => fill(registrations.shown_other, { total }),
};
