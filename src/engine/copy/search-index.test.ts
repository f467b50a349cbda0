import fc from 'fast-check';
import type { DeviceRegistration } from './registrations-codec';
import { COUNT_AT_MOST, SearchIndex } from './search-index';
import { indexEvent } from './search-indexed-event';
import { searchTerms } from '@/lib/text-keys';

function person(
  registrationId: number,
  first: string | null,
  last: string | null,
  email: string | null,
  answers: string[] = [],
  extra: Partial<DeviceRegistration> = {},
): DeviceRegistration {
  return {
    registration_id: registrationId,
    first_name: first,
    last_name: last,
    email,
    category_id: 11,
    order_id: `ORD-2026-${String(registrationId).padStart(6, '0')}`,
    payment_status: 'paid',
    custom_questions: answers.map((reponse, i) => ({
      que_id: i + 1,
      que_question_fr: 'Question',
      que_question_en: 'Question',
      reponse,
    })),
    ...extra,
  };
}

async function indexOf(events: Record<number, DeviceRegistration[]>): Promise<SearchIndex> {
  const index = new SearchIndex();
  for (const [eventId, rows] of Object.entries(events)) index.set(await indexEvent(Number(eventId), 1, rows));
  return index;
}

const idsOf = (index: SearchIndex, query: string, limit = 50) =>
  index.search(query, limit).results.map((hit) => hit.registrationId);

describe('the search index', () => {
  it('finds a name in either order, an e-mail, an order number and a phone however it is typed', async () => {
    const index = await indexOf({
      1001: [
        person(1, 'Émilie', 'Dupont-Lajoie', 'emilie.dupont@example.com', ['Paul Dupont – 06 12 34 56 78']),
        person(2, 'Jean', 'Martin', 'jean.martin@example.org', ['+41 79 123 45 67']),
      ],
      1002: [person(3, 'Zoë', "D'Amour", 'zoe@example.net', ['(418) 555-0142'])],
    });
    expect(idsOf(index, 'emilie dupont')).toEqual([1]);
    expect(idsOf(index, 'DUPONT Émilie')).toEqual([1]);
    expect(idsOf(index, 'EMILIE.DUPONT@EXAMPLE.COM')).toEqual([1]);
    expect(idsOf(index, 'ord-2026-000002')).toEqual([2]);
    expect(idsOf(index, 'ORD-2026-')).toEqual([1, 2, 3]); // an order number being typed
    for (const typed of ['0612345678', '06 12 34 56 78', '06.12.34.56.78', '06-12-34-56-78'])
      expect(idsOf(index, typed), typed).toEqual([1]);
    for (const typed of ['079 123 45 67', '+41 79 123 45 67', '0791234567'])
      expect(idsOf(index, typed), typed).toEqual([2]);
    expect(idsOf(index, '418 555 0142')).toEqual([3]);
    expect(idsOf(index, 'zoe d')).toEqual([3]);
    // Every word must match the same registration; an answer that is not a phone is not searched.
    expect(idsOf(index, 'emilie martin')).toEqual([]);
    expect(idsOf(index, 'paul')).toEqual([]);
    expect(idsOf(index, '   ')).toEqual([]);
  });

  it('answers what a result shows, the first N and the count of every match', async () => {
    const rows = Array.from({ length: 120 }, (_, i) =>
      person(i + 1, 'Léa', i % 2 ? 'Roy' : null, i === 4 ? null : `lea${i}@example.org`, [], {
        category_id: i === 3 ? null : 11,
        payment_status: i === 1 ? 'pending' : 'paid',
      }),
    );
    const index = await indexOf({ 7: rows });
    const answer = index.search('lea', 50);
    expect(answer.total).toBe(120);
    expect(answer.results).toHaveLength(50);
    expect(answer.events).toEqual([7]);
    expect(answer.results[1]).toEqual({
      eventId: 7,
      registrationId: 2,
      firstName: 'Léa',
      lastName: 'Roy',
      email: 'lea1@example.org',
      orderId: 'ORD-2026-000002',
      status: 'pending',
      categoryId: 11,
    });
    expect(answer.results[0]?.lastName).toBeNull();
    expect(answer.results[3]?.categoryId).toBeNull();
    expect(answer.results[4]?.email).toBeNull();
    expect(index.search('lea roy', 50).total).toBe(60);
  });

  it('lists the events asked first, and narrows a query typed further to the same answers', async () => {
    const index = await indexOf({
      1: [person(11, 'Marie', 'Roy', 'a@example.org'), person(12, 'Mario', 'Rossi', 'b@example.org')],
      2: [person(21, 'Marie', 'Curie', 'c@example.org')],
    });
    expect(idsOf(index, 'mar')).toEqual([11, 12, 21]);
    expect(index.search('mar', 50, [2]).results.map((hit) => hit.registrationId)).toEqual([21, 11, 12]);
    const fresh = await indexOf({
      1: [person(11, 'Marie', 'Roy', 'a@example.org'), person(12, 'Mario', 'Rossi', 'b@example.org')],
      2: [person(21, 'Marie', 'Curie', 'c@example.org')],
    });
    for (const query of ['m', 'ma', 'mari', 'marie', 'marie r', 'marie ro', 'mari'])
      expect(idsOf(index, query), query).toEqual(idsOf(fresh, query));
  });

  it('stops counting past COUNT_AT_MOST matches, and a narrower query after it still finds every match', async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) =>
      person(i + 1, i % 1_000 === 7 ? 'Anaïs' : 'Anne', 'Roy', `a${i}@example.org`),
    );
    const index = await indexOf({ 3: rows });
    const broad = index.search('an', 50);
    expect(broad).toMatchObject({ total: COUNT_AT_MOST, more: true });
    expect(broad.results.map((hit) => hit.registrationId)).toEqual(
      rows.slice(0, 50).map((row) => row.registration_id),
    );
    expect(index.search('anai', 50)).toMatchObject({ total: 3, more: false });
    expect(idsOf(index, 'anais')).toEqual([8, 1_008, 2_008]);
  });

  it('forgets everything when cleared, and replaces an event indexed again', async () => {
    const index = await indexOf({ 1: [person(1, 'Anna', 'Weber', 'anna@example.org')] });
    index.set(await indexEvent(1, 2, [person(2, 'Anna', 'Schmid', 'anna@example.org')]));
    expect(idsOf(index, 'anna')).toEqual([2]);
    expect(index.versionOf(1)).toBe(2);
    index.clear();
    expect(index.search('anna', 50)).toEqual({ total: 0, more: false, results: [], events: [] });
  });

  const text = fc.string({
    unit: fc.constantFrom('a', 'É', 'é', 'o', 'Ø', 'ß', ' ', '-', "'", '.', '0', '6', '1', '王', '\n', '\t'),
  });

  it('finds any registration by its own e-mail, name or order number, whatever they hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ first: text, last: text, email: text }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        async (people, pick) => {
          const rows = people.map((p, i) => person(i + 1, p.first, p.last, p.email));
          const index = await indexOf({ 5: rows });
          const row = rows[pick % rows.length]!;
          const all = (query: string) =>
            index.search(query, rows.length).results.map((hit) => hit.registrationId);
          for (const query of [row.email!, row.first_name!, row.last_name!, row.order_id!]) {
            if (searchTerms(query).length > 0) expect(all(query)).toContain(row.registration_id);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('ignores accents, case and the punctuation between digits in the query', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('Émilie', 'Noël', 'Straße', 'Gaëlle', 'Øystein'), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.array(fc.integer({ min: 10, max: 99 }), { minLength: 3, maxLength: 5 }),
        fc.constantFrom(' ', '.', '-', '/', ''),
        async (names, digits, separator) => {
          const phone = digits.join(' ');
          const rows = [
            person(1, names.join(' '), 'X', 'x@example.org', [phone]),
            person(2, 'Other', 'Y', 'y@example.org'),
          ];
          const index = await indexOf({ 9: rows });
          const plain = names
            .join(' ')
            .normalize('NFD')
            .replace(/\p{Mn}/gu, '')
            .toUpperCase();
          expect(idsOf(index, plain)).toEqual([1]);
          expect(idsOf(index, digits.join(separator))).toEqual([1]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
