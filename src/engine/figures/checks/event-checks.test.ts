import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Registration } from '@/engine/api/registration-schemas';
import { findingKey, type CheckId } from './check-kinds';
import { CheckMemo, eventChecks } from './event-checks';
import { registrationStamp } from './row-facts';

const SIZE = { que_id: 7, que_question_fr: 'Taille du t-shirt', que_question_en: 'T-shirt size' };
const LICENCE = { que_id: 8, que_question_fr: 'Licence', que_question_en: 'Licence' };

let nextId = 1;
function registration(fields: Partial<Registration> = {}): Registration {
  const id = nextId++;
  return {
    registration_id: id,
    event_id: 1,
    first_name: `Prénom${String.fromCharCode(97 + (id % 26))}`.replace(/\d/g, ''),
    last_name: `Tremblay${'x'.repeat(id % 7)}`,
    email: `p${id}@gmail.com`,
    category_id: 1,
    order_id: `O${id}`,
    payment_status: 'paid',
    custom_questions: [
      { ...SIZE, reponse: ['S', 'M', 'L', 'XL'][id % 4]! },
      { ...LICENCE, reponse: `A${String(100000 + id)}` },
    ],
    ...fields,
  };
}

/** Forty clean registrations, distinct people each in their own order. */
const clean = () =>
  Array.from({ length: 40 }, (_, index) =>
    registration({
      first_name: ['Sophie', 'Lucas', 'Emma', 'Hugo'][index % 4]!,
      last_name: `Tremblay${'a'.repeat(index)}`,
    }),
  );

const idsOf = (rows: readonly Registration[], check: CheckId) => [
  ...new Set(
    eventChecks(rows)
      .findings.filter((found) => found.check === check)
      .map((found) => found.registrationId),
  ),
];

describe('the data doctor’s scan', () => {
  it('finds nothing in a clean list', () => {
    expect(eventChecks(clean()).findings).toEqual([]);
  });

  it('finds an address shared by more than five people across orders, not by a family in one order', () => {
    const family = Array.from({ length: 7 }, (_, index) =>
      registration({
        first_name: `Enfant${'a'.repeat(index)}`,
        last_name: 'Gagnon',
        email: 'famille@orange.fr',
        order_id: 'F1',
      }),
    );
    const club = Array.from({ length: 6 }, (_, index) =>
      registration({
        first_name: 'Lucas',
        last_name: `Côté${'a'.repeat(index)}`,
        email: 'club@orange.fr',
        order_id: `C${index}`,
      }),
    );
    const rows = [...clean(), ...family, ...club];
    expect(idsOf(rows, 'email-shared')).toEqual(club.map((row) => row.registration_id));
  });

  it('finds every registration of an order whose statuses differ, and the same person twice', () => {
    const order = [
      registration({ order_id: 'M1' }),
      registration({ order_id: 'M1', payment_status: 'refunded' }),
    ];
    const first = registration({ first_name: 'Marie', last_name: 'Lévesque', email: 'marie@gmail.com' });
    const again = registration({
      first_name: 'marie',
      last_name: 'LEVESQUE',
      email: 'Marie@gmail.com',
      category_id: 2,
    });
    const rows = [...clean(), ...order, first, again];
    expect(idsOf(rows, 'order-mixed-status')).toEqual(order.map((row) => row.registration_id));
    expect(idsOf(rows, 'person-twice')).toEqual([first.registration_id, again.registration_id]);
  });

  it('does not count a duplicate group the promoter dismissed as the same person twice', () => {
    const first = registration({ first_name: 'Marie', last_name: 'Lévesque', email: 'marie@gmail.com' });
    const again = registration({ first_name: 'Marie', last_name: 'Lévesque', email: 'marie@gmail.com' });
    const rows = [...clean(), first, again];
    const key = `likely:${first.registration_id},${again.registration_id}`;
    const twice = (notDuplicates: ReadonlySet<string>) =>
      eventChecks(rows, { notDuplicates }).findings.filter((found) => found.check === 'person-twice').length;
    expect(twice(new Set())).toBe(2);
    expect(twice(new Set([key]))).toBe(0);
  });

  it('forgets every registration it read when told to (sign-out, a wipe)', () => {
    const memo = new CheckMemo();
    const rows = clean();
    eventChecks(rows, { memo });
    const before = memo.rows;
    memo.forget(null);
    expect(memo.rows).not.toBe(before);
    expect(eventChecks(rows, { memo })).toEqual(eventChecks(rows));
  });

  it('finds answers outside the sizes, left empty, or off the licence format, each with its question', () => {
    const rows = clean();
    rows[3] = {
      ...rows[3]!,
      custom_questions: [{ ...SIZE, reponse: 'S ou M' }, rows[3]!.custom_questions[1]!],
    };
    rows[5] = { ...rows[5]!, custom_questions: [rows[5]!.custom_questions[0]!, { ...LICENCE, reponse: '' }] };
    rows[9] = {
      ...rows[9]!,
      custom_questions: [rows[9]!.custom_questions[0]!, { ...LICENCE, reponse: '12345A' }],
    };
    const found = eventChecks(rows).findings.map(({ check, registrationId, queId, value }) => ({
      check,
      registrationId,
      queId,
      value,
    }));
    expect(found).toEqual([
      { check: 'answer-outside', registrationId: rows[3].registration_id, queId: 7, value: 'S ou M' },
      { check: 'answer-format', registrationId: rows[9].registration_id, queId: 8, value: '12345A' },
      { check: 'answer-missing', registrationId: rows[5].registration_id, queId: 8, value: '' },
    ]);
  });

  it('counts an answer the promoter kept as typed, or read as a size, as inside the choices', () => {
    const rows = clean();
    rows[3] = {
      ...rows[3]!,
      custom_questions: [{ ...SIZE, reponse: 'S ou M' }, rows[3]!.custom_questions[1]!],
    };
    expect(eventChecks(rows, { corrections: { '7': { 's ou m': '' } } }).findings).toEqual([]);
    expect(eventChecks(rows, { corrections: { '7': { 's ou m': 'M' } } }).findings).toEqual([]);
  });

  it('stamps a registration by what it holds: a change of any field checked changes the stamp', () => {
    const row = registration();
    expect(registrationStamp({ ...row })).toBe(registrationStamp(row));
    for (const change of [
      { first_name: 'Autre' },
      { email: 'autre@gmail.com' },
      { payment_status: 'refunded' },
      { category_id: 9 },
      { custom_questions: [{ ...SIZE, reponse: 'XXL' }] },
    ]) {
      expect(registrationStamp({ ...row, ...change })).not.toBe(registrationStamp(row));
    }
    // Text moved from one field to the next is a change too.
    expect(registrationStamp({ ...row, first_name: 'ab', last_name: 'c' })).not.toBe(
      registrationStamp({ ...row, first_name: 'a', last_name: 'bc' }),
    );
  });

  it('finds the same after syncs with its memory as a first scan does', () => {
    const names = fc.constantFrom('Marie', 'TEST', ' Jean', 'Dupont', 'jean', 'Lucas2', 'Émilie');
    const emails = fc.constantFrom('a@gmail.com', 'b@gmial.com', 'c@orange', 'shared@free.fr', '');
    const row = fc.record({
      first: names,
      last: names,
      email: emails,
      status: fc.constantFrom('paid', 'pending', 'refunded'),
      order: fc.constantFrom('1', '2', '3', ''),
      category: fc.constantFrom(1, 2),
      size: fc.constantFrom('S', 'M', 'L', 'XL', 'S ou M', ''),
      licence: fc.constantFrom('A123456', 'B654321', 'C111111', '12345A', ''),
    });
    /** A sync: some registrations changed, some gone, some new. */
    const sync = fc.record({
      changed: fc.array(fc.tuple(fc.nat(), row), { maxLength: 8 }),
      gone: fc.array(fc.nat(), { maxLength: 4 }),
      added: fc.array(row, { maxLength: 6 }),
    });
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 60 }),
        fc.array(sync, { maxLength: 3 }),
        (before, syncs) => {
          let nextRow = 1;
          const make = (fields: (typeof before)[number], id = nextRow++): Registration =>
            registration({
              registration_id: id,
              first_name: fields.first,
              last_name: fields.last,
              email: fields.email,
              payment_status: fields.status,
              order_id: fields.order,
              category_id: fields.category,
              custom_questions: [
                { ...SIZE, reponse: fields.size },
                { ...LICENCE, reponse: fields.licence },
              ],
            });
          let rows = before.map((fields) => make(fields));
          const memo = new CheckMemo();
          expect(eventChecks(rows, { memo })).toEqual(eventChecks(rows));
          for (const { changed, gone, added } of syncs) {
            const next = rows.slice();
            for (const [at, fields] of changed) {
              const index = at % next.length;
              next[index] = make(fields, next[index]!.registration_id);
            }
            const goneIds = new Set(gone.map((at) => next[at % next.length]!.registration_id));
            rows = [
              ...next.filter((kept) => !goneIds.has(kept.registration_id)),
              ...added.map((fields) => make(fields)),
            ];
            if (rows.length === 0) return;
            expect(eventChecks(rows, { memo })).toEqual(eventChecks(rows));
          }
        },
      ),
    );
  });

  it('keys a finding by its registration’s stamp, so marking it fine lasts until the registration changes', () => {
    const row = registration({ first_name: 'TEST', last_name: 'TEST' });
    const [before] = eventChecks([row]).findings;
    const [unchanged] = eventChecks([{ ...row }]).findings;
    const [changed] = eventChecks([{ ...row, email: 'other@gmail.com' }]).findings;
    expect(findingKey(unchanged!)).toBe(findingKey(before!));
    expect(findingKey(changed!)).not.toBe(findingKey(before!));
  });
});
