import fc from 'fast-check';
import { SearchIndex } from '@/engine/copy/search-index';
import { indexEvent } from '@/engine/copy/search-indexed-event';
import { searchTerms } from '@/lib/text-keys';
import type { Registration } from '@/engine/api/registration-schemas';
import { filterRows } from './filter-rows';
import { fullName } from '@/engine/api/full-name';
import { RowBuilder } from './registration-rows';

/**
 * The registrations table of an event and the header's search across events, limited to that
 * event, find the same registrations for the same query: both read the fields they share
 * (first and last name, e-mail, order number, the phone numbers of the answers) through the
 * same keys. The table also searches what only it shows (category, status, other answers);
 * these columns are the ones both search.
 */

const PHONE_QUESTION = 7;
const SHARED_COLUMNS = ['first_name', 'last_name', 'email', 'order_id', `q:${PHONE_QUESTION}`];

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);

const firstNames = pick([
  'Zoë',
  'Zoe',
  'Élodie',
  'Jean-Pierre',
  'Marie Anne',
  'Œdipe',
  'Ægir',
  'Søren',
  'Łukasz',
  'Þóra',
  'François',
  'Anaïs',
  'ﬁfi',
  '李',
]);
const lastNames = pick([
  "D'Amour",
  'D’Amour',
  'DAmour',
  'de la Fontaine',
  'Van der Berg',
  'Le Cœur',
  'Straße',
  'Müller-Lüdenscheidt',
  "O'Neil",
  'von Bülow',
  'Ngô',
  'Иванов',
]);
const emails = fc
  .tuple(
    pick(['zoe', 'j.dupont', 'Anais_B', 'marie+club', 'élodie']),
    pick(['gmail.com', 'Orange.FR', 'club-vélo.ch']),
  )
  .map(([local, domain]) => `${local}@${domain}`);
const orders = fc
  .integer({ min: 1, max: 999_999 })
  .chain((n) => pick([`ORD-2026-${String(n).padStart(6, '0')}`, `CMD ${n}`, `#${n}`, `2026/${n}`]));

/** Phone answers as people type them, in French, Swiss, Belgian, Canadian and international forms. */
const phones = fc
  .tuple(
    fc.integer({ min: 10_000_000, max: 99_999_999 }).map(String),
    pick([
      (d: string) => `06 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6)}`,
      (d: string) => `+33 6 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)} ${d.slice(6)}`,
      (d: string) => `+33 (0)6.${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4, 6)}.${d.slice(6)}`,
      (d: string) => `079 ${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)}`,
      (d: string) => `+41 79 ${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)}`,
      (d: string) => `0470/${d.slice(0, 2)}.${d.slice(2, 4)}.${d.slice(4, 6)}`,
      (d: string) => `+32 470 ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4, 6)}`,
      (d: string) => `(418) ${d.slice(0, 3)}-${d.slice(3, 7)}`,
      (d: string) => `418-${d.slice(0, 3)}-${d.slice(3, 7)}`,
      (d: string) => `+1 418 ${d.slice(0, 3)} ${d.slice(3, 7)}`,
      (d: string) => `+44 (0)20 ${d.slice(0, 4)} ${d.slice(4, 8)}`,
      (d: string) => `+${d}`,
    ]),
  )
  .map(([digits, format]) => format(digits));

const registrations = fc
  .array(
    fc.record({
      first: fc.option(firstNames, { nil: null }),
      last: fc.option(lastNames, { nil: null }),
      email: fc.option(emails, { nil: null }),
      order: fc.option(orders, { nil: null }),
      phone: fc.option(phones, { nil: null }),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((people) =>
    people.map((person, i): Registration => ({
      registration_id: i + 1,
      event_id: 1,
      first_name: person.first,
      last_name: person.last,
      email: person.email,
      category_id: 10,
      order_id: person.order,
      payment_status: 'paid',
      custom_questions: [
        {
          que_id: PHONE_QUESTION,
          que_question_fr: 'Contact en cas d’urgence',
          que_question_en: 'Emergency contact',
          reponse: person.phone,
        },
      ],
    })),
  );

const labels = { category: () => '', status: () => '', person: fullName };

/** A query cut from one of the fields at any point while it is typed (or out of its middle). */
function queriesOf(rows: readonly Registration[]): fc.Arbitrary<string> {
  const texts = rows.flatMap((row) =>
    [row.first_name, row.last_name, row.email, row.order_id, row.custom_questions[0]?.reponse].filter(
      (text): text is string => typeof text === 'string' && text !== '',
    ),
  );
  return fc.tuple(pick(texts), fc.nat(), fc.nat()).map(([text, a, b]) => {
    const start = a % text.length;
    return text.slice(start, start + 1 + (b % (text.length - start)));
  });
}

async function searchesOf(rows: readonly Registration[]) {
  const index = new SearchIndex();
  index.set(await indexEvent(1, 1, rows));
  const tableRows = new RowBuilder(labels).build(rows);
  return {
    header: (query: string) =>
      index
        .search(query, rows.length)
        .results.map((hit) => hit.registrationId)
        .sort((a, b) => a - b),
    table: (query: string) =>
      filterRows(tableRows, { q: query, categories: [], statuses: [] }, SHARED_COLUMNS)
        .rows.map((row) => row.id)
        .sort((a, b) => a - b),
  };
}

describe('the table and the search across events agree', () => {
  it('find the same registrations for any query cut from a name, an e-mail, an order or a phone', async () => {
    await fc.assert(
      fc.asyncProperty(
        registrations.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.array(queriesOf(rows), { minLength: 1 })),
        ),
        async ([rows, queries]) => {
          const { header, table } = await searchesOf(rows);
          for (const query of queries) {
            if (searchTerms(query).length === 0) {
              // Nothing to look for ("(", " "): the table shows every row, the header none.
              expect(table(query)).toHaveLength(rows.length);
              expect(header(query)).toEqual([]);
            } else {
              expect(table(query), JSON.stringify(query)).toEqual(header(query));
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('find a phone by the other form of its number, as the issue reports it', async () => {
    const rows: Registration[] = ['+33 6 12 34 56 78', '(418) 555-0123', '+41 79 123 45 67'].map(
      (reponse, i) => ({
        registration_id: i + 1,
        event_id: 1,
        first_name: 'Anne',
        last_name: 'Martin',
        email: null,
        category_id: 10,
        order_id: null,
        payment_status: 'paid',
        custom_questions: [
          { que_id: PHONE_QUESTION, que_question_fr: 'Urgence', que_question_en: 'Emergency', reponse },
        ],
      }),
    );
    const { header, table } = await searchesOf(rows);
    for (const [query, id] of [
      ['0612345678', 1],
      ['4185550123', 2],
      ['0791234567', 3],
    ] as const) {
      expect(table(query), query).toEqual([id]);
      expect(header(query), query).toEqual([id]);
    }
  });
});
