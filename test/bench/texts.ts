/** The UI texts the benchmark relies on, read from the English resources so they stay in sync. */
import insights from '../../src/i18n/locales/en/insights.json';
import registrations from '../../src/i18n/locales/en/registrations.json';
import session from '../../src/i18n/locales/en/session.json';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

export type StatusKey = keyof typeof registrations.status;

/** The longest start two texts share, without trailing spaces and punctuation. */
function sharedStart(a: string, b: string): string {
  let end = 0;
  while (end < a.length && a[end] === b[end]) end += 1;
  return a.slice(0, end).replace(/[\s:—-]+$/u, '');
}

const isStatusKey = (value: string): value is StatusKey => Object.hasOwn(registrations.status, value);

export const TEXT = {
  signInTitle: session.title,
  baseUrl: session.baseUrl.label,
  apiKey: session.apiKey.label,
  submit: session.submit,
  search: registrations.search.label,
  lastName: registrations.columns.last_name,
  statusFilter: registrations.filters.status,
  paid: registrations.status.paid,
  exportButton: registrations.export.button,
  excelEnglish: registrations.export.presets['excel-en'].label,
  workbook: registrations.export.presets.xlsx.label,
  /** The registrations screen's link back to the event page is the only link in this nav. */
  breadcrumb: registrations.breadcrumb,
  /** The button that opens the figures of the rows shown, and that dialog's title. */
  numbers: registrations.insights.open,
  numbersTitle: registrations.insights.title,
  /** The event page's key figure that shows the number of registrations. */
  registrationsFigure: insights.overview.figures.registrations,
  /** The banner's note when the rows came from the encrypted copy on the device. */
  openedFromCopy: registrations.deviceCopy.opened,
  /** "All 25,000 registrations loaded". */
  allLoaded: (formatted: string) => fill(registrations.load.complete_other, { formatted }),
  /** The load banner's button that fetches only what changed since the last load. */
  checkForChanges: registrations.load.refresh,
  /**
   * "Whole list verified", the start of the banner's line once a full check ends, whether it
   * found differences or not.
   */
  wholeListVerified: sharedStart(registrations.load.verified, registrations.load.verifiedNone),
  /** The count line with no search or filter: "25,000 registrations". */
  shown: (total: string) => fill(registrations.shown_other, { total }),
  /** A payment status as the table shows (and searches) it: "paid" -> "Paid". */
  status: (value: string) => (isStatusKey(value) ? registrations.status[value] : value),
};
