import { QueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import i18n from '@/i18n';
import '../i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { buildCsv } from '@/lib/csv/build-csv';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { eventModels, sharedLabels } from '../rows/registrations-model';
import { DEFAULT_REGISTRATIONS_VIEW } from '../rows/registrations-view';
import { MAILING_COLUMNS, mailingExport } from './export-table';

const EVENT = DEMO_EVENT_IDS.trickySmall;
const HEADERS = { email: 'EMAIL', firstName: 'FIRSTNAME', lastName: 'LASTNAME' };

/**
 * The demo event with some addresses changed the way sign-up forms leave them, on paid rows
 * (a cancelled or refunded row is never mailed, whatever its address).
 */
function withAddresses(emails: Record<number, string>) {
  const { registrations, categories } = demoEvent(EVENT);
  const changed = registrations.map((r, index) =>
    index in emails ? { ...r, email: emails[index]!, payment_status: 'paid' } : r,
  );
  const labels = sharedLabels(i18n, 'en', categories);
  return { model: eventModels(new QueryClient(), EVENT).build(changed, labels), registrations: changed };
}

const csvOf = (table: { headers: readonly string[]; rows: readonly (readonly string[])[] }) =>
  buildCsv({ headers: table.headers, rows: table.rows, preset: 'utf8' });

describe('the mailing audience CSV', () => {
  const emails = {
    0: '=cmd@example.fr',
    1: '+tag@example.org',
    2: '-jo@example.fr',
    3: '',
    4: 'not an address',
    5: ' Repeat@Example.com ',
    6: 'repeat@example.com',
  };

  it('has e-mail, first name, last name, category, then the answer columns shown, titled uniquely', async () => {
    const { model } = withAddresses({});
    const questions = model.questions.map((q) => q.id);
    expect(questions.length).toBeGreaterThan(1);
    const hidden = questions[0]!;
    const { table } = await mailingExport(
      model,
      { ...DEFAULT_REGISTRATIONS_VIEW, hidden: [hidden, 'order_id'] },
      null,
      null,
      HEADERS,
    );
    expect(table.columnIds).toEqual([...MAILING_COLUMNS, ...questions.slice(1)]);
    expect(table.headers.slice(0, 4)).toEqual(['EMAIL', 'FIRSTNAME', 'LASTNAME', 'Category']);
    expect(table.headers.slice(4)).toEqual(questions.slice(1).map((id) => model.titles.get(id)!.text));
    expect(new Set(table.headers.map((title) => title.toLowerCase())).size).toBe(table.headers.length);
  });

  it('numbers a question’s title that is already a column’s: both tools want unique names', async () => {
    const { registrations, categories } = demoEvent(EVENT);
    const queId = registrations[0]!.custom_questions[0]!.que_id;
    const renamed = registrations.map((r) => ({
      ...r,
      custom_questions: r.custom_questions.map((q) =>
        q.que_id === queId ? { ...q, que_question_en: 'Email' } : q,
      ),
    }));
    const model = eventModels(new QueryClient(), EVENT).build(renamed, sharedLabels(i18n, 'en', categories));
    const { table } = await mailingExport(model, DEFAULT_REGISTRATIONS_VIEW, null, null, HEADERS);
    expect(table.headers[0]).toBe('EMAIL');
    expect(table.headers).toContain('Email (2)');
  });

  it('writes each valid address once, trimmed and never altered by the formula guard', async () => {
    const { model, registrations } = withAddresses(emails);
    const { table, audience, formulaLike } = await mailingExport(
      model,
      DEFAULT_REGISTRATIONS_VIEW,
      null,
      null,
      HEADERS,
    );
    const parsed = Papa.parse<string[]>(csvOf(table), { skipEmptyLines: true }).data;
    const written = parsed.slice(1).map((line) => line[0]);
    // A plain loop over the demo's rows not cancelled or refunded: valid (no space, one @, a
    // dotted domain), once each.
    const expected: string[] = [];
    const seen = new Set<string>();
    const mailed = registrations.filter((r) => !['cancelled', 'refunded'].includes(r.payment_status ?? ''));
    for (const r of mailed) {
      const address = (r.email ?? '').trim();
      if (!/^[^\s@=+-][^\s@]*@[^\s@]+\.[a-z]{2,}$/i.test(address)) continue;
      if (seen.has(address.toLowerCase())) continue;
      seen.add(address.toLowerCase());
      expected.push(address);
    }
    expect(written).toEqual(expected);
    expect(written).toContain('Repeat@Example.com');
    for (const address of written) expect(address).not.toMatch(/^'/);
    expect(formulaLike).toBe(3);
    expect(audience.missing).toBe(1);
    expect(audience.invalid).toHaveLength(1);
    expect(audience.leftOutStatus).toBe(registrations.length - mailed.length);
    expect(audience.repeated).toBe(mailed.length - 1 - 1 - audience.recipients.length);
  });

  it('leaves out the rows of a left-out status however written, and keeps an unknown one', async () => {
    const { registrations, categories } = demoEvent(EVENT);
    const statuses: Record<number, string> = { 0: 'Cancelled', 1: ' REFUNDED ', 2: 'on hold', 3: 'paid' };
    const changed = registrations.map((r, index) =>
      index in statuses
        ? { ...r, email: `row${index}@example.com`, payment_status: statuses[index]! }
        : { ...r, payment_status: 'paid' },
    );
    const model = eventModels(new QueryClient(), EVENT).build(changed, sharedLabels(i18n, 'en', categories));
    const { table, audience } = await mailingExport(model, DEFAULT_REGISTRATIONS_VIEW, null, null, HEADERS);
    const written = table.rows.map((line) => line[0]);
    expect(written).not.toContain('row0@example.com');
    expect(written).not.toContain('row1@example.com');
    expect(written).toContain('row2@example.com');
    expect(written).toContain('row3@example.com');
    expect(audience.leftOutStatus).toBe(2);
    expect(audience.unknownStatus).toBe(1);
    expect(audience.unknownStatuses).toEqual(['on hold']);
  });

  it('still guards a name or an answer that starts like a formula', async () => {
    const { registrations, categories } = demoEvent(EVENT);
    const changed = registrations.map((r, index) =>
      index === 0 ? { ...r, first_name: '=HYPERLINK("http://x")', email: 'zoe@example.com' } : r,
    );
    const model = eventModels(new QueryClient(), EVENT).build(changed, sharedLabels(i18n, 'en', categories));
    const { table } = await mailingExport(model, DEFAULT_REGISTRATIONS_VIEW, null, null, HEADERS);
    const line = csvOf(table).split('\r\n')[1]!;
    expect(line.startsWith(`zoe@example.com,"'=HYPERLINK(""http://x"")"`)).toBe(true);
  });
});
