import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { Registration } from '@/engine/api/registration-schemas';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';
import { initialOf } from '@/lib/text-keys';
import { printSections } from './print-sections';

const names = (rows: readonly Registration[]) =>
  rows.map((r) => `${r.last_name ?? ''}, ${r.first_name ?? ''}`);

function person(id: number, last: string | null, first: string | null = 'A', category_id: number | null = 1) {
  return registration({ registration_id: id, last_name: last, first_name: first, category_id });
}

describe('printSections on the demo marathon', () => {
  const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.largeMarathon);
  const groups = printSections(registrations, { language: 'fr', categories });
  const collator = new Intl.Collator('fr', { sensitivity: 'base', ignorePunctuation: true, numeric: true });

  it('lists every registration once, under its category, in the event order of categories', () => {
    expect(groups.map((g) => g.categoryId)).toEqual(categories.map((c) => c.category_id));
    for (const group of groups) {
      let count = 0;
      for (const r of registrations) if (r.category_id === group.categoryId) count++;
      expect(group.count).toBe(count);
      expect(group.sections.reduce((sum, s) => sum + s.registrations.length, 0)).toBe(count);
    }
    const ids = groups.flatMap((g) =>
      g.sections.flatMap((s) => s.registrations.map((r) => r.registration_id)),
    );
    expect(new Set(ids).size).toBe(registrations.length);
  });

  it('puts each name in the desk of its initial, names without a Latin initial last', () => {
    for (const group of groups) {
      expect(group.sections.map((s) => s.range?.from ?? null)).toEqual(['A', 'G', 'N', 'T', null]);
      for (const section of group.sections) {
        for (const r of section.registrations) {
          // The test's own reading of the initial: first letter, accents removed.
          const letter =
            /\p{L}/u
              .exec(r.last_name ?? '')?.[0]
              ?.normalize('NFD')[0]
              ?.toUpperCase() ?? '';
          if (section.range) expect(letter >= section.range.from && letter <= section.range.to).toBe(true);
          else expect(/[A-Z]/.test(letter)).toBe(false);
        }
      }
    }
  });

  it('sorts each desk by last name, then first name, accents and case ignored', () => {
    for (const section of groups.flatMap((g) => g.sections)) {
      const rows = section.registrations;
      for (let i = 1; i < rows.length; i++) {
        const a = rows[i - 1]!;
        const b = rows[i]!;
        const order =
          collator.compare(a.last_name ?? '', b.last_name ?? '') ||
          collator.compare(a.first_name ?? '', b.first_name ?? '');
        expect(order).toBeLessThanOrEqual(0);
      }
    }
  });
});

describe('printSections edge cases', () => {
  it('files a name under its first letter without accent, skipping leading non-letters', () => {
    expect(
      ['Élodie', 'œuvray', "'t Hooft", "D'Amour", '  ßmith', 'Ærø', '3 Rivières'].map(initialOf),
    ).toEqual(['E', 'O', 'T', 'D', 'S', 'A', 'R']);
    expect(['李', 'Иванов', 'محمد', 'Ελένη', '', '---'].map(initialOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('sorts accented names with the plain ones and in the UI language', () => {
    const rows = [
      person(1, 'Lévesque'),
      person(2, 'Lefèvre'),
      person(3, 'Levasseur'),
      person(4, 'élodie', 'B'),
    ];
    const [group] = printSections(rows, { language: 'fr', categories: [] });
    expect(group?.sections.map((s) => [s.range?.from, names(s.registrations)])).toEqual([
      ['A', ['élodie, B']],
      ['G', ['Lefèvre, A', 'Levasseur, A', 'Lévesque, A']],
    ]);
  });

  it('breaks ties on the first name, then on the id', () => {
    const rows = [person(3, 'Roy', 'Zoé'), person(2, 'ROY', 'anne'), person(1, 'Roy', 'Zoe')];
    const [group] = printSections(rows, { language: 'en', categories: [] });
    expect(group?.sections[0]?.registrations.map((r) => r.registration_id)).toEqual([2, 1, 3]);
  });

  it('files a registration without a last name under its first name, and one without names last', () => {
    const rows = [person(1, null, 'Bruno'), person(2, '', ''), person(3, 'Martin'), person(4, '李', '小龙')];
    const [group] = printSections(rows, { language: 'fr', categories: [] });
    expect(
      group?.sections.map((s) => [s.range?.from ?? null, s.registrations.map((r) => r.registration_id)]),
    ).toEqual([
      ['A', [1]],
      ['G', [3]],
      [null, [2, 4]],
    ]);
  });

  it('uses configurable ranges; initials no range covers go with the others', () => {
    const rows = [person(1, 'Aubert'), person(2, 'Nadal'), person(3, 'Zürcher')];
    const [group] = printSections(rows, {
      language: 'fr',
      categories: [],
      ranges: [
        { from: 'A', to: 'M' },
        { from: 'N', to: 'W' },
      ],
    });
    expect(group?.sections.map((s) => [s.range?.to ?? null, s.registrations.length])).toEqual([
      ['M', 1],
      ['W', 1],
      [null, 1],
    ]);
  });

  it('orders categories as the event lists them, then unknown ids, then no category', () => {
    const { categories } = demoEvent(DEMO_EVENT_IDS.trickySmall);
    const [first, second] = categories;
    const rows = [
      person(1, 'A', 'a', null),
      person(2, 'B', 'b', 99),
      person(3, 'C', 'c', second!.category_id),
      person(4, 'D', 'd', first!.category_id),
      person(5, 'E', 'e', 7),
    ];
    const groups = printSections(rows, { language: 'en', categories });
    expect(groups.map((g) => [g.categoryId, g.category?.epr_nom_fr ?? null])).toEqual([
      [first!.category_id, first!.epr_nom_fr],
      [second!.category_id, second!.epr_nom_fr],
      [7, null],
      [99, null],
      [null, null],
    ]);
  });

  it('has nothing to print for no registrations', () => {
    expect(
      printSections([], { language: 'fr', categories: demoEvent(DEMO_EVENT_IDS.trickySmall).categories }),
    ).toEqual([]);
  });
});
