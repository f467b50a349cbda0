import { render } from '@testing-library/react';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';
import { registrationLabels } from '../rows/registration-labels';
import { RowBuilder } from '../rows/registration-rows';
import { LabelSheet } from './label-sheet';
import { DEFAULT_LABEL_OPTIONS, type LabelPrintOptions } from './print-options';

const { categories } = demoEvent(DEMO_EVENT_IDS.nullEnglish);
const [tenK, , family] = categories;
const tshirt = (reponse: string) => [
  { que_id: 7, que_question_fr: 'Taille de t-shirt', que_question_en: 'T-shirt size', reponse },
];
const people = [
  registration({
    registration_id: 1,
    last_name: 'Roy',
    first_name: 'Léa',
    category_id: tenK!.category_id,
    order_id: 'ORD-1',
    payment_status: 'paid',
    custom_questions: tshirt('M'),
  }),
  registration({
    registration_id: 2,
    last_name: 'Aubert',
    first_name: 'Zoë',
    category_id: family!.category_id,
    order_id: 'ORD-2',
    payment_status: 'paid',
  }),
  registration({
    registration_id: 3,
    last_name: 'Dubois',
    first_name: 'Chloé',
    category_id: tenK!.category_id,
    order_id: 'ORD-3',
    payment_status: 'refunded',
  }),
  registration({
    registration_id: 4,
    last_name: 'Bérard',
    first_name: 'Hugo',
    category_id: tenK!.category_id,
    order_id: 'ORD-4',
    payment_status: 'pending',
    custom_questions: tshirt('XL'),
  }),
];
const rows = new RowBuilder(registrationLabels(i18n, 'en', categories)).build(people);
const titles = new Map([['q:7', { text: 'T-shirt size' }]]);

function renderSheet(options: Partial<LabelPrintOptions> = {}, startAt = 1, shown = rows) {
  render(
    <LabelSheet
      rows={shown}
      categories={categories}
      titles={titles}
      options={{ ...DEFAULT_LABEL_OPTIONS, ...options }}
      startAt={startAt}
    />,
  );
  return [...document.querySelectorAll('.label-sheet')].map((sheet) =>
    [...sheet.querySelectorAll('.label-sheet__label')].map((label) =>
      [...label.querySelectorAll('p')].map((line) => line.textContent),
    ),
  );
}

describe('LabelSheet', () => {
  it('prints a label per person in the check-in list’s order, without the cancelled and refunded', () => {
    // 10 km (Bérard, Roy), then the family run (Aubert); Dubois is refunded.
    expect(renderSheet()).toEqual([
      [
        ['Hugo Bérard', '10 km'],
        ['Léa Roy', '10 km'],
        ['Zoë Aubert', 'Course des familles'],
      ],
    ]);
    // The family run has no English name: French, marked as such.
    expect(document.querySelectorAll('.label-sheet__line[lang="fr"]')).toHaveLength(1);
  });

  it('leaves out a left-out status however written, and prints a status it does not know', () => {
    const written = new RowBuilder(registrationLabels(i18n, 'en', categories)).build([
      { ...people[0]!, payment_status: 'Cancelled' },
      { ...people[1]!, payment_status: 'on hold' },
      { ...people[2]!, payment_status: ' REFUNDED' },
      people[3]!,
    ]);
    expect(renderSheet({}, 1, written)).toEqual([
      [
        ['Hugo Bérard', '10 km'],
        ['Zoë Aubert', 'Course des familles'],
      ],
    ]);
  });

  it('prints the chosen fields: the order and one answer with its question, none when not given', () => {
    expect(
      renderSheet({ name: true, category: false, order: true, answer: 'q:7', leaveOutCancelled: false }),
    ).toEqual([
      [
        ['Hugo Bérard', 'Order ORD-4', 'T-shirt size: XL'],
        ['Chloé Dubois', 'Order ORD-3'],
        ['Léa Roy', 'Order ORD-1', 'T-shirt size: M'],
        ['Zoë Aubert', 'Order ORD-2'],
      ],
    ]);
  });

  it('leaves the labels before the start blank, and goes on to a new sheet when one is full', () => {
    const sheets = renderSheet({ sheet: 'a4-2x7' }, 13);
    expect(sheets.map((sheet) => sheet.length)).toEqual([14, 1]);
    expect(sheets[0]!.slice(0, 12).every((label) => label.length === 0)).toBe(true);
    expect(sheets[0]!.slice(12)).toEqual([
      ['Hugo Bérard', '10 km'],
      ['Léa Roy', '10 km'],
    ]);
    expect(sheets[1]).toEqual([['Zoë Aubert', 'Course des familles']]);
    // Each sheet is a page of the sheet's size: a grid of 2 × 7 labels of 99.1 × 38.1 mm.
    const sheet = document.querySelector<HTMLElement>('.label-sheet')!;
    expect(sheet.style.gridTemplateColumns).toBe('repeat(2, 99.1mm)');
    expect(sheet.style.gridTemplateRows).toBe('repeat(7, 38.1mm)');
    expect(document.querySelector('.label-sheets')).toHaveClass('label-sheets--A4');
  });

  it('sizes each name to fit: a long one smaller than a short one', () => {
    const long = registration({
      registration_id: 9,
      last_name: 'Wolfeschlegelsteinhausenbergerdorff-Saint-Exupéry',
      first_name: 'Marie-Ève Geneviève',
      category_id: tenK!.category_id,
    });
    render(
      <LabelSheet
        rows={new RowBuilder(registrationLabels(i18n, 'en', categories)).build([people[0]!, long])}
        categories={categories}
        titles={titles}
        options={{ ...DEFAULT_LABEL_OPTIONS, sheet: 'letter-3x10' }}
        startAt={1}
      />,
    );
    const sizes = [...document.querySelectorAll<HTMLElement>('.label-sheet__name')].map((name) => [
      name.textContent,
      Number.parseFloat(name.style.fontSize),
    ]);
    expect(sizes[0]).toEqual(['Léa Roy', 14]);
    expect(sizes[1]![1]).toBeLessThan(14);
  });

  it('says when there is nobody to print', () => {
    render(
      <LabelSheet
        rows={[]}
        categories={categories}
        titles={titles}
        options={DEFAULT_LABEL_OPTIONS}
        startAt={1}
      />,
    );
    expect(document.querySelector('.label-sheets')).toHaveTextContent('No registration to print.');
  });
});
