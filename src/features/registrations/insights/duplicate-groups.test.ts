import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { Registration } from '../loader/schemas';
import { duplicateGroups } from './duplicate-groups';
import { demoEvent, registration } from './testing/demo-event';

/** The test's own folding: no accents, lower case, single spaces. */
const fold = (text: string | null) =>
  (text ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');

/** Plain-loop groups of registration ids sharing a key, two or more per group. */
function groupsBy(registrations: readonly Registration[], keyOf: (r: Registration) => string | null) {
  const groups = new Map<string, number[]>();
  for (const r of registrations) {
    const key = keyOf(r);
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), r.registration_id]);
  }
  return [...groups.values()].filter((ids) => ids.length > 1);
}

describe('duplicateGroups on the demo marathon', () => {
  const { registrations } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
  const groups = duplicateGroups(registrations);
  const idsOf = (g: { registrations: readonly Registration[] }) =>
    g.registrations.map((r) => r.registration_id);

  const byEmail = groupsBy(registrations, (r) => (r.email ?? '').trim().toLowerCase() || null);
  const byName = groupsBy(registrations, (r) =>
    fold(r.first_name) && fold(r.last_name) ? `${fold(r.first_name)}|${fold(r.last_name)}` : null,
  );

  it('finds every group of shared e-mails and of shared names', () => {
    // Family members of one order often share the buyer's address; common names repeat.
    expect(byEmail.length).toBeGreaterThan(100);
    expect(byName.length).toBeGreaterThan(100);
    const found = new Map(groups.map((g) => [idsOf(g).join(','), g.reasons]));
    for (const ids of byEmail) expect(found.get(ids.join(','))).toContain('email');
    for (const ids of byName) expect(found.get(ids.join(','))).toContain('name');
  });

  it('reports a set of registrations once, with both reasons when they share both', () => {
    const sets = new Set([...byEmail, ...byName].map((ids) => ids.join(',')));
    expect(groups).toHaveLength(sets.size);
    const nameSets = new Set(byName.map((ids) => ids.join(',')));
    const both = byEmail.filter((ids) => nameSets.has(ids.join(',')));
    expect(groups.filter((g) => g.reasons.length === 2)).toHaveLength(both.length);
  });

  it('never lists a registration twice in a group, and puts the largest groups first', () => {
    for (const group of groups) expect(new Set(idsOf(group)).size).toBe(group.registrations.length);
    const sizes = groups.map((g) => g.registrations.length);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });
});

describe('duplicateGroups edge cases', () => {
  it('matches e-mails ignoring case and spaces, and names ignoring accents and case', () => {
    const groups = duplicateGroups([
      registration({ registration_id: 1, email: ' Lea@Example.com', first_name: 'Léa', last_name: 'Müller' }),
      registration({ registration_id: 2, email: 'lea@example.com ', first_name: 'Zoë', last_name: 'Roy' }),
      registration({ registration_id: 3, email: 'x@example.com', first_name: 'LEA', last_name: 'muller ' }),
    ]);
    expect(
      groups.map((g) => [g.reasons, g.email, g.name, g.registrations.map((r) => r.registration_id)]),
    ).toEqual([
      [['email'], 'lea@example.com', null, [1, 2]],
      [['name'], null, 'Léa Müller', [1, 3]],
    ]);
  });

  it('merges an e-mail group and a name group with the same people into one group', () => {
    const groups = duplicateGroups([
      registration({ registration_id: 1, email: 'a@b.c', first_name: 'Élodie', last_name: 'Favre' }),
      registration({ registration_id: 2, email: 'A@B.C', first_name: 'Elodie', last_name: 'FAVRE' }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ reasons: ['email', 'name'], email: 'a@b.c', name: 'Élodie Favre' });
  });

  it('never reports a registration twice in a group, even when the input repeats it', () => {
    const one = registration({ registration_id: 1, email: 'a@b.c' });
    const groups = duplicateGroups([one, one, registration({ registration_id: 2, email: 'a@b.c' })]);
    expect(groups[0]?.registrations.map((r) => r.registration_id)).toEqual([1, 2]);
    expect(duplicateGroups([one, { ...one }])).toEqual([]);
  });

  it('ignores blank e-mails and half names, and keeps events apart', () => {
    expect(
      duplicateGroups([
        registration({ registration_id: 1, email: '', first_name: 'Anne', last_name: null }),
        registration({ registration_id: 2, email: ' ', first_name: 'Anne', last_name: '' }),
        registration({ registration_id: 3, email: null, first_name: null, last_name: null }),
        registration({ registration_id: 4, event_id: 1, email: 'same@x.org' }),
        registration({ registration_id: 5, event_id: 2, email: 'same@x.org' }),
      ]),
    ).toEqual([]);
    expect(duplicateGroups([])).toEqual([]);
  });
});
