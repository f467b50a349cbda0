import { QueryClient } from '@tanstack/react-query';
import i18n from '@/i18n';
import '../i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { registrationsKey } from '../api/registrations-key';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { eventModels, sharedLabels } from './registrations-model';
import { cellText, type RegistrationRow } from './registration-rows';
import { DEFAULT_REGISTRATIONS_VIEW } from './registrations-view';
import { viewRows } from './view-rows';
import type { PresentFacetValues } from './facet-options';

const EVENT = DEMO_EVENT_IDS.trickySmall;
const { registrations, categories } = demoEvent(EVENT);

/** The rows per category key and per status key, counted directly. */
function tally(rows: readonly RegistrationRow[]) {
  const categoryCounts = new Map<string, number>();
  const statusCounts = new Map<string, number>();
  for (const row of rows) {
    categoryCounts.set(row.categoryKey, (categoryCounts.get(row.categoryKey) ?? 0) + 1);
    statusCounts.set(row.statusKey, (statusCounts.get(row.statusKey) ?? 0) + 1);
  }
  return { categoryCounts, statusCounts };
}

describe('the registrations model', () => {
  it('is built once per data version and language, and found again by every view', () => {
    const client = new QueryClient();
    const english = sharedLabels(i18n, 'en', categories);
    expect(sharedLabels(i18n, 'en', categories)).toBe(english);
    const model = eventModels(client, EVENT).build(registrations, english);
    expect(eventModels(client, EVENT).build(registrations, english)).toBe(model);
    expect(eventModels(client, EVENT).peek(registrations, english)).toBe(model);
  });

  it('builds only the rows of new registrations when a page arrives', () => {
    const client = new QueryClient();
    const labels = sharedLabels(i18n, 'en', categories);
    const models = eventModels(client, EVENT);
    const first = models.build(registrations.slice(0, 20), labels);
    const next = models.build(registrations, labels);
    expect(next.rows).toHaveLength(registrations.length);
    for (let i = 0; i < 20; i++) expect(next.rows[i]).toBe(first.rows[i]);
  });

  it('after a check for changes, builds only the replaced and new rows and reuses the others', () => {
    const labels = sharedLabels(i18n, 'en', categories);
    const models = eventModels(new QueryClient(), EVENT);
    const first = models.build(registrations, labels);
    const replaced = { ...registrations[3]!, payment_status: 'refunded' };
    const added = { ...registrations[0]!, registration_id: 9_999_999, custom_questions: [] };
    const merged = registrations.map((row, i) => (i === 3 ? replaced : row)).concat(added);
    const next = models.build(merged, labels);
    expect(next.rows.map((row) => row.id)).toEqual(merged.map((row) => row.registration_id));
    next.rows.forEach((row, i) => {
      if (i === 3) expect(row.status).toBe('Refunded');
      else if (i < registrations.length) expect(row).toBe(first.rows[i]);
    });
    expect(next.rows.at(-1)!.registration).toBe(added);
    expect(next.present.statuses.has('refunded')).toBe(true);
  });

  it('follows a page filled in before the last ones, and a status first seen late', () => {
    const labels = sharedLabels(i18n, 'en', categories);
    const models = eventModels(new QueryClient(), EVENT);
    const withoutMiddle = [...registrations.slice(0, 10), ...registrations.slice(20)];
    models.build(withoutMiddle, labels);
    const refunded = { ...registrations[15]!, payment_status: 'chargeback' };
    const full = [...registrations.slice(0, 15), refunded, ...registrations.slice(16)];
    const model = models.build(full, labels);
    expect(model.rows.map((row) => row.id)).toEqual(full.map((r) => r.registration_id));
    expect(model.rows[15]!.status).toBe('chargeback (unknown status)');
    expect(model.present.statuses.has('chargeback')).toBe(true);
  });

  it('counts each category and status as it builds: at once, page by page, in slices and after a check', async () => {
    const labels = sharedLabels(i18n, 'en', categories);
    const counts = (model: { present: PresentFacetValues }) => ({
      categoryCounts: model.present.categoryCounts,
      statusCounts: model.present.statusCounts,
    });
    const atOnce = eventModels(new QueryClient(), EVENT).build(registrations, labels);
    expect(counts(atOnce)).toEqual(tally(atOnce.rows));

    const paged = eventModels(new QueryClient(), EVENT);
    paged.build(registrations.slice(0, 20), labels);
    expect(counts(paged.build(registrations, labels))).toEqual(tally(atOnce.rows));

    const sliced = await eventModels(new QueryClient(), EVENT).buildInSlices(
      registrations,
      labels,
      new AbortController().signal,
    );
    expect(counts(sliced)).toEqual(tally(atOnce.rows));
    expect(sliced.present.categories).toEqual(atOnce.present.categories);
    expect(sliced.present.statuses).toEqual(atOnce.present.statuses);

    // A check for changes replaces the only row of a status: the status leaves the facets.
    const models = eventModels(new QueryClient(), EVENT);
    const withChargeback = registrations.map((row, i) =>
      i === 3 ? { ...row, payment_status: 'chargeback' } : row,
    );
    const before = models.build(withChargeback, labels);
    expect(before.present.statuses.has('chargeback')).toBe(true);
    const checked = models.build(
      withChargeback.map((row, i) => (i === 3 ? { ...row, payment_status: 'paid', category_id: null } : row)),
      labels,
    );
    expect(checked.rows[0]).toBe(before.rows[0]);
    // Replaced again, keeping its category (the only row without one) and status: the facet
    // values stay as they were.
    const sameValues = models.build(
      checked.registrations.map((row, i) => (i === 3 ? { ...row, first_name: 'Renamed' } : row)),
      labels,
    );
    expect(sameValues.present.categories).toBe(checked.present.categories);
    expect(sameValues.present.statuses).toBe(checked.present.statuses);
    expect(checked.present.statuses.has('chargeback')).toBe(false);
    expect(checked.present.categories.has('')).toBe(true);
    expect(counts(checked)).toEqual(tally(checked.rows));
  });

  it('gives a view that keeps every row the counts of its rows, in any order', () => {
    const model = eventModels(new QueryClient(), EVENT).build(
      registrations,
      sharedLabels(i18n, 'en', categories),
    );
    for (const sort of [null, { id: 'last_name', desc: true }]) {
      const view = viewRows(model, { ...DEFAULT_REGISTRATIONS_VIEW, sort }, null);
      expect(view.rows).toHaveLength(model.rows.length);
      expect({ categoryCounts: view.categoryCounts, statusCounts: view.statusCounts }).toEqual(
        tally(model.rows),
      );
    }
  });

  it('switching language builds French rows once, and switching back finds the English ones', () => {
    const client = new QueryClient();
    const models = eventModels(client, EVENT);
    const english = models.build(registrations, sharedLabels(i18n, 'en', categories));
    const french = models.build(registrations, sharedLabels(i18n, 'fr', categories));
    const paid = registrations.findIndex((registration) => registration.payment_status === 'paid');
    expect(english.rows[paid]!.status).toBe('Paid');
    expect(french.rows[paid]!.status).toBe('Payé');
    expect(french.titles.get('last_name')?.text).toBe('Nom');
    expect(models.build(registrations, sharedLabels(i18n, 'en', categories))).toBe(english);
  });

  it('builds a whole list in slices to the same rows it builds at once', async () => {
    const labels = sharedLabels(i18n, 'en', categories);
    const atOnce = eventModels(new QueryClient(), EVENT).build(registrations, labels);
    const sliced = await eventModels(new QueryClient(), EVENT).buildInSlices(
      registrations,
      labels,
      new AbortController().signal,
    );
    const cells = (rows: readonly RegistrationRow[]) =>
      rows.map((row) => sliced.columnIds.map((columnId) => cellText(row, columnId)));
    expect(cells(sliced.rows)).toEqual(cells(atOnce.rows));
    expect(sliced.columnIds).toEqual(atOnce.columnIds);
  });

  it('builds a few new rows at once, and a list of new objects in slices (a full check, a reload)', async () => {
    const { registrations: big, categories: bigCategories } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
    const labels = sharedLabels(i18n, 'en', bigCategories);
    const models = eventModels(new QueryClient(), DEMO_EVENT_IDS.largeMarathon);
    const first = big.slice(0, 8_000);
    expect(models.isLarge(first, labels)).toBe(true);
    await models.buildInSlices(first, labels, new AbortController().signal);
    // A check for changes that brings a few new registrations (30): built at once.
    const next = big.slice(0, 8_030);
    expect(models.isLarge(next, labels)).toBe(false);
    expect(models.build(next, labels).rows.map((row) => row.id)).toEqual(next.map((r) => r.registration_id));
    // A page of a load (500 rows) is more than a render should build: in slices.
    expect(models.isLarge(big.slice(0, 8_530), labels)).toBe(true);
    // The same registrations downloaded again are new objects: a whole list to build in slices
    // (built at once, 100,000 of them would hold the page in one long task).
    const again = next.map((row) => ({ ...row }));
    expect(models.isLarge(again, labels)).toBe(true);
    const rebuilt = await models.buildInSlices(again, labels, new AbortController().signal);
    expect(rebuilt.rows.map((row) => row.registration)).toEqual(again);
  });

  it('stops a build in slices when asked, and a later build still completes', async () => {
    const { registrations: big, categories: bigCategories } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
    const labels = sharedLabels(i18n, 'en', bigCategories);
    const models = eventModels(new QueryClient(), DEMO_EVENT_IDS.largeMarathon);
    const stop = new AbortController();
    stop.abort();
    await expect(models.buildInSlices(big, labels, stop.signal)).rejects.toThrow();
    const model = await models.buildInSlices(big, labels, new AbortController().signal);
    expect(model.rows).toHaveLength(big.length);
  });

  it('is dropped with the registrations when the cache forgets them (sign-out)', () => {
    const client = new QueryClient();
    client.setQueryData(registrationsKey(EVENT), { rows: registrations });
    const labels = sharedLabels(i18n, 'en', categories);
    const before = eventModels(client, EVENT);
    before.build(registrations, labels);
    client.clear();
    expect(eventModels(client, EVENT)).not.toBe(before);
    expect(eventModels(client, EVENT).peek(registrations, labels)).toBeNull();
  });
});
