import fc from 'fast-check';
import { registration } from '@/engine/figures/testing/demo-event';
import type { Registration } from '@/engine/api/registration-schemas';
import { compareEditions, type EditionCategory } from './compare-editions';

let nextId = 1;
function row(
  first: string,
  last: string,
  email: string | null,
  fields: { status?: string; category?: number | null; id?: number } = {},
): Registration {
  return registration({
    registration_id: fields.id ?? nextId++,
    first_name: first,
    last_name: last,
    email,
    order_id: 'A',
    payment_status: fields.status ?? 'paid',
    category_id: fields.category === undefined ? 1 : fields.category,
  });
}

const CATEGORIES: EditionCategory[] = [{ category_id: 1, epr_nom_fr: 'Trail 42 km' }];
const compare = (current: Registration[], previous: Registration[]) =>
  compareEditions({ rows: current, categories: CATEGORIES }, { rows: previous, categories: CATEGORIES });

describe('compareEditions', () => {
  it('matches the same address whatever its case and spaces, and then not by name', () => {
    const before = [
      row('Émilie', 'Dupont', 'emilie.dupont@example.com'),
      row('Loïc', 'Roy', 'loic@example.com'),
    ];
    const now = [
      row('Emilie', 'Dupont', ' Emilie.Dupont@EXAMPLE.com '),
      // Same name, another address: a namesake as far as anyone can tell.
      row('Loïc', 'Roy', 'loic.roy@example.org'),
    ];
    const result = compare(now, before);
    expect(result.returning).toEqual([
      { current: now[0]!.registration_id, previous: before[0]!.registration_id },
    ]);
    expect(result.new).toEqual([now[1]!.registration_id]);
    expect(result.lapsed).toEqual([before[1]!.registration_id]);
  });

  it('falls back on the name, accents, case and spaces ignored, when one side has no address', () => {
    const before = [row('Jean-Philippe', "D'Amour", null), row('Zoë', 'Côté', 'zoe@example.com')];
    const now = [row('jean philippe', 'DAMOUR', 'jp@example.com'), row('ZOE', 'cote', '')];
    const result = compare(now, before);
    expect(result.returning).toHaveLength(2);
    expect(result.new).toEqual([]);
    expect(result.lapsed).toEqual([]);
  });

  it('tells a family apart under one shared address, by name', () => {
    const shared = 'famille.morin@example.com';
    const before = [row('Hugo', 'Morin', shared), row('Léa', 'Morin', shared)];
    const now = [row('Hugo', 'Morin', shared), row('Inès', 'Morin', shared)];
    const result = compare(now, before);
    expect(result.returning).toEqual([
      { current: now[0]!.registration_id, previous: before[0]!.registration_id },
    ]);
    expect(result.new).toEqual([now[1]!.registration_id]);
    expect(result.lapsed).toEqual([before[1]!.registration_id]);
  });

  it('matches one address with one name on each side even when the spelling changed', () => {
    const before = [row('Noemie', 'Lefevre', 'noemie@example.com')];
    const now = [row('Noémie', 'Lefèvre-Martin', 'noemie@example.com')];
    expect(compare(now, before).returning).toHaveLength(1);
  });

  it('counts a person registered twice once, through their latest registration', () => {
    const before = [
      row('Cédric', 'Favre', 'c@example.com', { id: 10 }),
      row('Cédric', 'Favre', 'c@example.com', { id: 12 }),
    ];
    const now = [
      row('Cédric', 'Favre', 'c@example.com', { id: 20 }),
      row('Cédric', 'Favre', 'c@example.com', { id: 25 }),
    ];
    const result = compare(now, before);
    expect(result.returning).toEqual([{ current: 25, previous: 12 }]);
    expect(result.currentCounted).toBe(1);
    expect(result.previousCounted).toBe(1);
  });

  it('leaves cancelled and refunded registrations out of both editions', () => {
    const before = [
      row('Anaïs', 'Roy', 'a@example.com', { status: 'refunded' }),
      row('Hugo', 'Roy', 'h@example.com'),
    ];
    const now = [
      row('Anaïs', 'Roy', 'a@example.com'),
      row('Hugo', 'Roy', 'h@example.com', { status: 'Cancelled' }),
    ];
    const result = compare(now, before);
    expect(result.returning).toEqual([]);
    expect(result.new).toEqual([now[0]!.registration_id]);
    expect(result.lapsed).toEqual([before[1]!.registration_id]);
    expect(result.currentCounted).toBe(1);
    expect(result.previousCounted).toBe(1);
  });

  it('lines categories up by name, a category of one edition only showing 0 in the other', () => {
    const current: EditionCategory[] = [
      { category_id: 21, epr_nom_fr: 'Trail 42 km' },
      { category_id: 22, epr_nom_fr: 'Kilomètre vertical' },
    ];
    const previous: EditionCategory[] = [
      { category_id: 11, epr_nom_fr: 'TRAIL 42 KM ' },
      { category_id: 12, epr_nom_fr: 'Ultra 80 km' },
    ];
    const before = [
      row('A', 'A', 'a@x.com', { category: 11 }),
      row('B', 'B', 'b@x.com', { category: 12 }),
      row('C', 'C', 'c@x.com', { category: 12 }),
    ];
    const now = [
      row('A', 'A', 'a@x.com', { category: 22 }),
      row('B', 'B', 'b@x.com', { category: 21 }),
      row('D', 'D', 'd@x.com', { category: null }),
    ];
    const result = compareEditions(
      { rows: now, categories: current },
      { rows: before, categories: previous },
    );
    expect(result.categories).toEqual([
      { key: 'trail42km', currentCategoryId: 21, previousCategoryId: 11, lastTime: 1, now: 1, returning: 1 },
      {
        key: 'kilometrevertical',
        currentCategoryId: 22,
        previousCategoryId: null,
        lastTime: 0,
        now: 1,
        returning: 1,
      },
      {
        key: 'ultra80km',
        currentCategoryId: null,
        previousCategoryId: 12,
        lastTime: 2,
        now: 0,
        returning: 0,
      },
      { key: '', currentCategoryId: null, previousCategoryId: null, lastTime: 0, now: 1, returning: 0 },
    ]);
  });
});

describe('compareEditions, the same person and the same address as the duplicates and the mailing', () => {
  it('takes "Zoë D\'Amour" and "Zoe DAmour" for one person, as the duplicates do', () => {
    const result = compare([row('Zoe', 'DAmour', null)], [row('Zoë', "D'Amour", 'zoe@example.com')]);
    expect(result.returning).toHaveLength(1);
  });

  it('takes first and last name swapped for one person', () => {
    const before = [row('Marie', 'Dupont', 'marie@example.com')];
    const now = [row('DUPONT', 'Marie', null)];
    expect(compare(now, before).returning).toEqual([
      { current: now[0]!.registration_id, previous: before[0]!.registration_id },
    ]);
  });

  it('reads ligatures as their letters: Œ/œ, æ, ß', () => {
    const before = [row('Lætitia', 'Cœur', null), row('Jürgen', 'Straße', null)];
    const now = [row('Laetitia', 'COEUR', 'l@example.com'), row('Jurgen', 'Strasse', 'j@example.com')];
    const result = compare(now, before);
    expect(result.returning).toHaveLength(2);
    expect(result.lapsed).toEqual([]);
  });

  it('reads an address in another Unicode form and case as the same address', () => {
    const before = [row('Zoë', 'Aubert', 'zoë@exemple.fr')];
    // Another spelling of the name: only the address can match them.
    const now = [row('Zoé', 'Aubert-Roy', 'ZOE\u0308@EXEMPLE.FR')];
    expect(compare(now, before).returning).toHaveLength(1);
  });

  it('tells a family apart under one address written two ways, each matched by name within it', () => {
    const before = [
      row('Hugo', 'Morin', 'famille.morin@chalet-été.fr'),
      row('Léa', 'Morin', 'famille.morin@chalet-été.fr'),
    ];
    const now = [
      row('hugo', 'MORIN', ' FAMILLE.MORIN@CHALET-E\u0301TE\u0301.FR '),
      row('Inès', 'Morin', 'famille.morin@chalet-été.fr'),
    ];
    const result = compare(now, before);
    expect(result.returning).toEqual([
      { current: now[0]!.registration_id, previous: before[0]!.registration_id },
    ]);
    expect(result.new).toEqual([now[1]!.registration_id]);
    expect(result.lapsed).toEqual([before[1]!.registration_id]);
  });

  it('never matches half a name: without an address, "Anne" alone is nobody\'s namesake', () => {
    const before = [row('Anne', '', null)];
    const now = [row('Anne', '', null)];
    const result = compare(now, before);
    expect(result.returning).toEqual([]);
    expect(result.currentCounted).toBe(1);
    expect(result.previousCounted).toBe(1);
  });
});

describe('compareEditions, left-out statuses', () => {
  it('leaves out a left-out status however it is written, and counts a status it does not know', () => {
    const before = [
      row('Anaïs', 'Roy', 'a@example.com', { status: ' CANCELLED ' }),
      row('Hugo', 'Roy', 'h@example.com', { status: 'Refunded' }),
      row('Léa', 'Roy', 'l@example.com', { status: 'on hold' }),
    ];
    const now = [
      row('Anaïs', 'Roy', 'a@example.com', { status: 'Cancelled' }),
      row('Hugo', 'Roy', 'h@example.com', { status: 'paid' }),
      row('Léa', 'Roy', 'l@example.com', { status: 'Annulé' }),
    ];
    const result = compare(now, before);
    expect(result.previousCounted).toBe(1);
    expect(result.currentCounted).toBe(2);
    expect(result.returning).toEqual([
      { current: now[2]!.registration_id, previous: before[2]!.registration_id },
    ]);
    expect(result.new).toEqual([now[1]!.registration_id]);
  });
});

/** Small pools, so that people meet across editions, share addresses and lack them. */
const person = fc.record({
  first: fc.constantFrom('Émilie', 'emilie', 'Hugo', 'Léa', ''),
  last: fc.constantFrom('Dupont', 'DUPONT', 'Roy', ''),
  email: fc.constantFrom('e@x.com', ' E@X.com', 'h@x.com', 'l@x.com', '', null),
  status: fc.constantFrom('paid', 'pending', 'free', 'cancelled', 'refunded', null),
  category: fc.constantFrom(1, 2, null),
});
const edition = (firstId: number) =>
  fc.array(person, { maxLength: 30 }).map((people) =>
    people.map((p, i) =>
      registration({
        registration_id: firstId + i,
        first_name: p.first,
        last_name: p.last,
        email: p.email,
        payment_status: p.status,
        category_id: p.category,
        order_id: null,
      }),
    ),
  );
const TWO: EditionCategory[] = [
  { category_id: 1, epr_nom_fr: 'Un' },
  { category_id: 2, epr_nom_fr: 'Deux' },
];

describe('compareEditions, for any two lists', () => {
  it('counts each person once: returning + new = now, returning + lapsed = last time', () => {
    fc.assert(
      fc.property(edition(1), edition(1000), (now, before) => {
        const result = compareEditions({ rows: now, categories: TWO }, { rows: before, categories: TWO });
        expect(result.returning.length + result.new.length).toBe(result.currentCounted);
        expect(result.returning.length + result.lapsed.length).toBe(result.previousCounted);
        expect(result.returning.length).toBeLessThanOrEqual(
          Math.min(result.currentCounted, result.previousCounted),
        );
        const currentIds = [...result.returning.map((pair) => pair.current), ...result.new];
        const previousIds = [...result.returning.map((pair) => pair.previous), ...result.lapsed];
        expect(new Set(currentIds).size).toBe(currentIds.length);
        expect(new Set(previousIds).size).toBe(previousIds.length);
        const counted = (rows: Registration[]) =>
          new Set(
            rows
              .filter((r) => r.payment_status !== 'cancelled' && r.payment_status !== 'refunded')
              .map((r) => r.registration_id),
          );
        for (const id of currentIds) expect(counted(now).has(id)).toBe(true);
        for (const id of previousIds) expect(counted(before).has(id)).toBe(true);
        const sum = (key: 'now' | 'lastTime' | 'returning') =>
          result.categories.reduce((total, category) => total + category[key], 0);
        expect(sum('now')).toBe(result.currentCounted);
        expect(sum('lastTime')).toBe(result.previousCounted);
        expect(sum('returning')).toBe(result.returning.length);
      }),
    );
  });

  it('does not depend on the order the rows came in', () => {
    fc.assert(
      fc.property(edition(1), edition(1000), fc.integer(), (now, before, seed) => {
        const shuffle = (rows: Registration[]) =>
          rows
            .map((r, i) => ({ r, k: Math.sin(seed + i) }))
            .sort((a, b) => a.k - b.k)
            .map(({ r }) => r);
        const a = compareEditions({ rows: now, categories: TWO }, { rows: before, categories: TWO });
        const b = compareEditions(
          { rows: shuffle(now), categories: TWO },
          { rows: shuffle(before), categories: TWO },
        );
        expect(b.returning).toEqual(a.returning);
        expect(b.new).toEqual(a.new);
        expect(b.lapsed).toEqual(a.lapsed);
      }),
    );
  });
});
