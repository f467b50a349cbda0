import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { Registration } from '../api/registration-schemas';
import { duplicateGroups } from './duplicate-groups';
import { countDuplicates, type DuplicateGroup } from './duplicate-kinds';
import { MAX_NAMESAKES } from './namesake-groups';
import { demoEvent, registration } from './testing/demo-event';

/** The test's own folding: no accents, ligatures spelled out, lower case, letters and digits only. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };
const fold = (text: string | null) =>
  (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæß]/g, (char) => LIGATURES[char]!)
    .replace(/[^\p{L}\p{N}]/gu, '');
/** Both names needed; the two in either order are one name. */
const nameOf = (r: Registration) => {
  const [first, last] = [fold(r.first_name), fold(r.last_name)];
  if (!first || !last) return '';
  return [first + last, last + first].sort()[0]!;
};
const emailOf = (r: Registration) => (r.email ?? '').trim().normalize('NFC').toLowerCase();
const orderOf = (r: Registration) => (r.order_id ?? '').trim();

/** Registrations sharing a key, in input order; blank keys left out. */
function bucket(registrations: readonly Registration[], keyOf: (r: Registration) => string) {
  const buckets = new Map<string, Registration[]>();
  for (const r of registrations) {
    const key = keyOf(r);
    if (key === '') continue;
    buckets.set(key, [...(buckets.get(key) ?? []), r]);
  }
  return [...buckets.values()];
}

/**
 * The three kinds recomputed the slow, obvious way: pairs compared one by one, people grown
 * by search until no namesake joins, the orders of an address compared pair by pair.
 */
function expectedGroups(registrations: readonly Registration[]) {
  const likely: string[] = [];
  const possible: string[] = [];
  const sharedEmail: string[] = [];
  const key = (members: readonly Registration[]) =>
    members
      .map((r) => r.registration_id)
      .sort((a, b) => a - b)
      .join(',');
  for (const namesakes of bucket(registrations, nameOf)) {
    if (namesakes.length < 2) continue;
    const samePerson = (a: Registration, b: Registration) =>
      (emailOf(a) !== '' && emailOf(a) === emailOf(b)) || (orderOf(a) !== '' && orderOf(a) === orderOf(b));
    const placed = new Set<Registration>();
    let people = 0;
    for (const start of namesakes) {
      if (placed.has(start)) continue;
      const person = [start];
      placed.add(start);
      for (let i = 0; i < person.length; i++) {
        for (const other of namesakes) {
          if (!placed.has(other) && samePerson(person[i]!, other)) {
            placed.add(other);
            person.push(other);
          }
        }
      }
      people += 1;
      if (person.length > 1) likely.push(key(person));
    }
    if (people >= 2 && people <= MAX_NAMESAKES) possible.push(key(namesakes));
  }
  for (const users of bucket(registrations, emailOf)) {
    // Each order's names (a blank order or name stands alone); two orders with none in common.
    const namesOfOrder = (r: Registration) =>
      orderOf(r) === ''
        ? [nameOf(r) || r]
        : users.filter((u) => orderOf(u) === orderOf(r)).map((u) => nameOf(u) || u);
    let found = false;
    for (const a of users) {
      for (const b of users) {
        const differentOrder = a !== b && (orderOf(a) === '' || orderOf(a) !== orderOf(b));
        const shared = namesOfOrder(a).some((name) => namesOfOrder(b).includes(name));
        if (differentOrder && !shared) found = true;
      }
    }
    if (found) sharedEmail.push(key(users));
  }
  return { likely, possible, 'shared-email': sharedEmail };
}

const idsOf = (group: DuplicateGroup) =>
  group.registrations
    .map((r) => r.registration_id)
    .sort((a, b) => a - b)
    .join(',');

describe.each([
  ['the 25,000-registration marathon', DEMO_EVENT_IDS.largeMarathon],
  ['the event of today', DEMO_EVENT_IDS.today],
])('duplicateGroups on %s', (_, eventId) => {
  const { registrations } = demoEvent(eventId);
  const groups = duplicateGroups(registrations);
  const expected = expectedGroups(registrations);

  it('finds exactly the likely, possible and shared-e-mail groups recomputed pair by pair', () => {
    expect(expected.likely.length).toBeGreaterThan(0);
    expect(expected.possible.length).toBeGreaterThan(0);
    for (const kind of ['likely', 'possible', 'shared-email'] as const) {
      const found = groups.filter((group) => group.kind === kind).map(idsOf);
      expect(found.sort(), kind).toEqual([...expected[kind]].sort());
    }
    expect(countDuplicates(groups)).toEqual({
      likely: expected.likely.length,
      possible: expected.possible.length,
      'shared-email': expected['shared-email'].length,
    });
  });

  it('never lists an address shared inside one order only', () => {
    for (const group of groups.filter((g) => g.kind === 'shared-email')) {
      expect(new Set(group.registrations.map(orderOf)).size).toBeGreaterThan(1);
    }
  });

  it('lists likely groups first, then possible, then shared e-mail, smallest first, each key once', () => {
    const ranks = groups.map((g) => ['likely', 'possible', 'shared-email'].indexOf(g.kind));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const kind of ['likely', 'possible', 'shared-email'] as const) {
      const sizes = groups.filter((g) => g.kind === kind).map((g) => g.registrations.length);
      expect(sizes, `${kind}: smallest groups first`).toEqual([...sizes].sort((a, b) => a - b));
    }
    expect(new Set(groups.map((g) => g.key)).size).toBe(groups.length);
    for (const group of groups) expect(group.key).toBe(`${group.kind}:${idsOf(group)}`);
  });
});

describe('duplicateGroups, case by case', () => {
  const kindsOf = (registrations: Registration[]) =>
    duplicateGroups(registrations).map((g) => [g.kind, g.registrations.map((r) => r.registration_id)]);

  it('does not list a family or a team sharing one address inside one order', () => {
    expect(
      kindsOf([
        registration({
          registration_id: 1,
          first_name: 'Anne',
          last_name: 'Roy',
          email: 'roy@x.org',
          order_id: 'A',
        }),
        registration({
          registration_id: 2,
          first_name: 'Paul',
          last_name: 'Roy',
          email: 'roy@x.org',
          order_id: 'A',
        }),
        registration({
          registration_id: 3,
          first_name: 'Léo',
          last_name: 'Roy',
          email: 'ROY@x.org ',
          order_id: 'A',
        }),
      ]),
    ).toEqual([]);
  });

  it('calls the same name with the same e-mail likely, across orders too', () => {
    const groups = duplicateGroups([
      registration({
        registration_id: 1,
        first_name: 'Élodie',
        last_name: 'Favre',
        email: 'e@x.org',
        order_id: 'A',
      }),
      registration({
        registration_id: 2,
        first_name: 'ELODIE ',
        last_name: 'favre',
        email: ' E@X.org',
        order_id: 'B',
      }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      kind: 'likely',
      name: 'Élodie Favre',
      email: 'e@x.org',
      orderId: null,
    });
  });

  it('calls the same name in one order likely, even with different e-mails', () => {
    const groups = duplicateGroups([
      registration({
        registration_id: 1,
        first_name: 'Zoë',
        last_name: 'Dubois',
        email: 'a@x.org',
        order_id: 'A',
      }),
      registration({
        registration_id: 2,
        first_name: 'Zoe',
        last_name: 'Dubois',
        email: 'b@x.org',
        order_id: 'A',
      }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'likely', email: null, orderId: 'A' });
  });

  it('calls the same name with different e-mails in different orders possible', () => {
    expect(
      kindsOf([
        registration({
          registration_id: 1,
          first_name: 'Jean',
          last_name: 'Morel',
          email: 'a@x.org',
          order_id: 'A',
        }),
        registration({
          registration_id: 2,
          first_name: 'Jean',
          last_name: 'Morel',
          email: 'b@x.org',
          order_id: 'B',
        }),
      ]),
    ).toEqual([['possible', [1, 2]]]);
  });

  it('leaves out a common name shared by more separate people than MAX_NAMESAKES, keeping its likely pairs', () => {
    const people = Array.from({ length: MAX_NAMESAKES + 1 }, (_, i) =>
      registration({
        registration_id: i + 1,
        first_name: 'Martin',
        last_name: 'Dupont',
        email: `m${i}@x.org`,
        order_id: `O${i}`,
      }),
    );
    expect(kindsOf(people)).toEqual([]);
    const twice = registration({
      registration_id: 99,
      first_name: 'Martin',
      last_name: 'Dupont',
      email: 'm0@x.org',
      order_id: 'Z',
    });
    expect(kindsOf([...people, twice])).toEqual([['likely', [1, 99]]]);
  });

  it('shows every namesake in a possible group, beside the likely pair among them', () => {
    expect(
      kindsOf([
        registration({
          registration_id: 1,
          first_name: 'Ana',
          last_name: 'Lima',
          email: 'a@x.org',
          order_id: 'A',
        }),
        registration({
          registration_id: 2,
          first_name: 'Ana',
          last_name: 'Lima',
          email: 'a@x.org',
          order_id: 'B',
        }),
        registration({
          registration_id: 3,
          first_name: 'Ana',
          last_name: 'Lima',
          email: 'c@x.org',
          order_id: 'C',
        }),
      ]),
    ).toEqual([
      ['likely', [1, 2]],
      ['possible', [1, 2, 3]],
    ]);
  });

  it('links a person step by step: a shared e-mail, then a shared order', () => {
    expect(
      kindsOf([
        registration({
          registration_id: 1,
          first_name: 'Li',
          last_name: 'Wei',
          email: 'a@x.org',
          order_id: 'A',
        }),
        registration({
          registration_id: 2,
          first_name: 'Li',
          last_name: 'Wei',
          email: 'a@x.org',
          order_id: 'B',
        }),
        registration({
          registration_id: 3,
          first_name: 'Li',
          last_name: 'Wei',
          email: 'z@x.org',
          order_id: 'B',
        }),
      ]),
    ).toEqual([['likely', [1, 2, 3]]]);
  });

  it("does not list one person's address used again for their family in another order", () => {
    expect(
      kindsOf([
        registration({
          registration_id: 1,
          first_name: 'Jo',
          last_name: 'Roy',
          email: 'jo@x.org',
          order_id: 'A',
        }),
        registration({
          registration_id: 2,
          first_name: 'Jo',
          last_name: 'Roy',
          email: 'jo@x.org',
          order_id: 'B',
        }),
        registration({
          registration_id: 3,
          first_name: 'Lou',
          last_name: 'Roy',
          email: 'jo@x.org',
          order_id: 'B',
        }),
      ]),
    ).toEqual([['likely', [1, 2]]]);
  });

  it('calls one address in different orders under different names a shared e-mail', () => {
    const groups = duplicateGroups([
      registration({
        registration_id: 1,
        first_name: 'Robert',
        last_name: 'Smith',
        email: 'rs@x.org',
        order_id: 'A',
      }),
      registration({
        registration_id: 2,
        first_name: 'Bob',
        last_name: 'Smith',
        email: 'RS@x.org',
        order_id: 'B',
      }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({
      kind: 'shared-email',
      email: 'rs@x.org',
      name: null,
      key: 'shared-email:1,2',
    });
  });

  it('ranks likely, then possible, then shared e-mail, whatever the input order', () => {
    const groups = duplicateGroups([
      registration({
        registration_id: 1,
        first_name: 'Bob',
        last_name: 'Lee',
        email: 'x@x.org',
        order_id: 'A',
      }),
      registration({
        registration_id: 2,
        first_name: 'Rob',
        last_name: 'Lee',
        email: 'x@x.org',
        order_id: 'B',
      }),
      registration({
        registration_id: 3,
        first_name: 'Ida',
        last_name: 'Berg',
        email: 'i@x.org',
        order_id: 'C',
      }),
      registration({
        registration_id: 4,
        first_name: 'Ida',
        last_name: 'Berg',
        email: 'j@x.org',
        order_id: 'D',
      }),
      registration({
        registration_id: 5,
        first_name: 'Max',
        last_name: 'Ho',
        email: 'm@x.org',
        order_id: 'E',
      }),
      registration({
        registration_id: 6,
        first_name: 'Max',
        last_name: 'Ho',
        email: 'm@x.org',
        order_id: 'F',
      }),
    ]);
    expect(groups.map((g) => g.kind)).toEqual(['likely', 'possible', 'shared-email']);
  });

  it('ignores blank e-mails, blank orders and half names, keeps events apart, counts a repeat once', () => {
    expect(
      kindsOf([
        registration({ registration_id: 1, email: '', first_name: 'Anne', last_name: null, order_id: '' }),
        registration({ registration_id: 2, email: ' ', first_name: 'Anne', last_name: '', order_id: '' }),
        registration({
          registration_id: 3,
          event_id: 1,
          first_name: 'Eva',
          last_name: 'Nam',
          email: 's@x.org',
        }),
        registration({
          registration_id: 4,
          event_id: 2,
          first_name: 'Eva',
          last_name: 'Nam',
          email: 's@x.org',
        }),
      ]),
    ).toEqual([]);
    const one = registration({
      registration_id: 1,
      first_name: 'Eva',
      last_name: 'Nam',
      email: 'a@x.org',
      order_id: 'A',
    });
    expect(kindsOf([one, one, { ...one }])).toEqual([]);
    expect(duplicateGroups([])).toEqual([]);
  });
});

describe('duplicateGroups, the same person and the same address as the editions and the mailing', () => {
  const person = (id: number, first: string, last: string, email: string, order: string) =>
    registration({ registration_id: id, first_name: first, last_name: last, email, order_id: order });
  const kindsOf = (registrations: Registration[]) =>
    duplicateGroups(registrations).map((g) => [g.kind, g.registrations.map((r) => r.registration_id)]);

  it('takes "Zoë D\'Amour" and "Zoe DAmour" for one name, as the editions do', () => {
    const groups = duplicateGroups([
      person(1, 'Zoë', "D'Amour", 'zoe@x.org', 'A'),
      person(2, 'Zoe', 'DAmour', 'ZOE@x.org', 'B'),
    ]);
    expect(groups.map((g) => g.kind)).toEqual(['likely']);
    expect(groups[0]).toMatchObject({ name: "Zoë D'Amour", email: 'zoe@x.org' });
  });

  it('ignores hyphens and reads ligatures as their letters', () => {
    expect(
      kindsOf([
        person(1, 'Jean-Pierre', 'Martin', 'a@x.org', 'A'),
        person(2, 'Jean Pierre', 'Martin', 'b@x.org', 'A'),
      ]),
    ).toEqual([['likely', [1, 2]]]);
    expect(
      kindsOf([
        person(1, 'Lætitia', 'Cœur', 'l@x.org', 'A'),
        person(2, 'Laetitia', 'Coeur', 'l@x.org', 'B'),
        person(3, 'Jürgen', 'Straße', 'j@x.org', 'C'),
        person(4, 'Jurgen', 'STRASSE', 'j@x.org', 'D'),
      ]),
    ).toEqual([
      ['likely', [1, 2]],
      ['likely', [3, 4]],
    ]);
  });

  it('takes first and last name swapped for the same name', () => {
    expect(
      kindsOf([person(1, 'Marie', 'Dupont', 'm@x.org', 'A'), person(2, 'Dupont', 'Marie', 'm@x.org', 'B')]),
    ).toEqual([['likely', [1, 2]]]);
  });

  it('reads an address in another Unicode form and case as the same address', () => {
    const groups = duplicateGroups([
      person(1, 'Ana', 'Lima', 'zoë@exemple.fr', 'A'),
      person(2, 'Bea', 'Lima', 'ZOE\u0308@EXEMPLE.FR', 'B'),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'shared-email', email: 'zoë@exemple.fr' });
  });

  it('does not take a family sharing one address, however written, for duplicates', () => {
    expect(
      kindsOf([
        person(1, 'Hugo', 'Morin', 'Famille.Morin@example.com', 'A'),
        person(2, 'Léa', 'Morin', ' famille.morin@EXAMPLE.com', 'A'),
        person(3, 'Inès', 'Morin', 'famille.morin@example.com', 'A'),
      ]),
    ).toEqual([]);
  });
});
