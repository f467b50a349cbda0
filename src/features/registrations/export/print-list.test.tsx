import { render, screen, within } from '@testing-library/react';
import { z } from '@/lib/zod';
import { eventSchema } from '@/engine/api/event-schemas';
import i18n from '@/i18n';
import type { Language } from '@/i18n/languages';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';
import { registrationLabels } from '../rows/registration-labels';
import { RowBuilder } from '../rows/registration-rows';
import { PrintList } from './print-list';
import { DEFAULT_CHECK_IN_OPTIONS } from './print-options';

const record = getDemoDataset('2026-11-22').findEvent(DEMO_EVENT_IDS.nullEnglish)!;
const event = z.parse(eventSchema, record.event);
const { categories } = demoEvent(DEMO_EVENT_IDS.nullEnglish);
const [tenK, , family] = categories;

const registrations = [
  registration({
    registration_id: 1,
    last_name: 'Roy',
    first_name: 'Léa',
    category_id: tenK!.category_id,
    order_id: 'ORD-1',
    payment_status: 'paid',
  }),
  registration({
    registration_id: 2,
    last_name: 'Aubert',
    first_name: 'Zoë',
    category_id: tenK!.category_id,
    order_id: 'ORD-2',
    payment_status: 'chargeback',
  }),
  registration({
    registration_id: 3,
    last_name: '<img src=x onerror=alert(1)>',
    first_name: 'Eve',
    category_id: tenK!.category_id,
    payment_status: null,
  }),
  registration({
    registration_id: 4,
    last_name: 'Élodie',
    first_name: 'Marie',
    category_id: family!.category_id,
    order_id: 'ORD-4',
    payment_status: 'pending',
  }),
];

/** The table's rows of these registrations, as the screen hands them to the list. */
function rows(language: Language = 'en', list = registrations) {
  return new RowBuilder(registrationLabels(i18n, language, categories)).build(list);
}

function tableRows(table: HTMLElement): string[][] {
  return [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

describe('PrintList', () => {
  it('renders one table per desk at the end of the body, with localized column headers', () => {
    const { container } = render(<PrintList event={event} rows={rows()} categories={categories} />);
    // Rendered outside the app's tree, so print CSS can hide everything else.
    expect(container).toBeEmptyDOMElement();
    const tables = screen.getAllByRole('table', { hidden: true });
    // 10 km: A–F, G–M ("<img…" is filed under I), N–S; family run: A–F.
    expect(tables).toHaveLength(4);
    const headers = within(tables[0]!).getAllByRole('columnheader', { hidden: true });
    expect(headers.map((h) => h.textContent)).toEqual([
      expect.stringContaining("Foulées d'Annecy"),
      'Last name',
      'First name',
      'Category',
      'Order',
      'Payment',
      '✓Checked in',
    ]);
  });

  it('repeats the event name and date in every table header, for every printed page', () => {
    render(<PrintList event={event} rows={rows()} categories={categories} />);
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'full' }).format(
      new Date(`${event.eve_date_debut}T00:00:00`),
    );
    for (const table of screen.getAllByRole('table', { hidden: true })) {
      const running = table.querySelector('thead tr:first-child th');
      expect(running).toHaveAttribute('colSpan', '6');
      expect(running).toHaveTextContent(`Foulées d'Annecy · ${date} · Check-in list`);
      // The API names events in French only: on an English list the name is marked French.
      expect(running!.querySelector('strong [lang="fr"]')).toHaveTextContent("Foulées d'Annecy");
    }
  });

  it('heads the tables of an event without a name with "Unnamed event (#id)", in French too', async () => {
    const unnamed = { ...event, eve_nom_fr: '  ' };
    const { unmount } = render(<PrintList event={unnamed} rows={rows()} categories={categories} />);
    for (const table of screen.getAllByRole('table', { hidden: true })) {
      const running = table.querySelector('thead tr:first-child th strong');
      expect(running).toHaveTextContent(`Unnamed event (#${event.eve_id})`, { normalizeWhitespace: false });
      expect(running!.querySelector('[lang]')).toBeNull();
    }
    unmount();
    await i18n.changeLanguage('fr');
    render(<PrintList event={unnamed} rows={rows('fr')} categories={categories} />);
    for (const table of screen.getAllByRole('table', { hidden: true }))
      expect(table.querySelector('thead tr:first-child th strong')).toHaveTextContent(
        `Événement sans nom (n° ${event.eve_id})`,
        { normalizeWhitespace: false },
      );
  });

  it('lists each desk in alphabetical order with the statuses of the table and an empty check box', () => {
    render(<PrintList event={event} rows={rows()} categories={categories} />);
    const [first, second, third, fourth] = screen.getAllByRole('table', { hidden: true });
    expect(first!.querySelector('thead')).toHaveTextContent('Last names A–F · 1 registration');
    expect(tableRows(first!)).toEqual([
      ['Aubert', 'Zoë', '10 km', 'ORD-2', 'chargeback (unknown status)', ''],
    ]);
    // Untrusted text is text: no element is made from it.
    expect(tableRows(second!)).toEqual([
      ['<img src=x onerror=alert(1)>', 'Eve', '10 km', '', 'No status', ''],
    ]);
    expect(tableRows(third!)).toEqual([['Roy', 'Léa', '10 km', 'ORD-1', 'Paid', '']]);
    // "Élodie" is filed under E; the family run has no English name: French, marked as such.
    expect(fourth!.querySelector('thead')).toHaveTextContent(
      'Course des familles · Last names A–F · 1 registration',
    );
    expect(tableRows(fourth!)).toEqual([['Élodie', 'Marie', 'Course des familles', 'ORD-4', 'Pending', '']]);
    expect(fourth!.querySelector('td[lang="fr"]')).toHaveTextContent('Course des familles');
    expect(document.querySelector('.print-list img')).toBeNull();
  });

  it('speaks French in French', async () => {
    await i18n.changeLanguage('fr');
    render(<PrintList event={event} rows={rows('fr', registrations.slice(0, 2))} categories={categories} />);
    const [table] = screen.getAllByRole('table', { hidden: true });
    expect(
      within(table!)
        .getAllByRole('columnheader', { hidden: true })
        .slice(1)
        .map((h) => h.textContent),
    ).toEqual(['Nom', 'Prénom', 'Catégorie', 'Commande', 'Paiement', '✓Présent']);
    expect(table!.querySelector('thead')).toHaveTextContent(
      'Liste d’accueil · 10 km · Noms A–F · 1 inscription',
    );
    expect(tableRows(screen.getAllByRole('table', { hidden: true })[1]!)[0]?.[4]).toBe('Payé');
  });

  it('opens the print dialog when asked, and reports when it closes', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const done = vi.fn();
    const { unmount } = render(
      <PrintList event={event} rows={rows()} categories={categories} autoPrint onAfterPrint={done} />,
    );
    expect(print).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('afterprint'));
    expect(done).toHaveBeenCalledTimes(1);
    unmount();
    expect(document.querySelector('.print-list')).toBeNull();
    window.dispatchEvent(new Event('afterprint'));
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('says when there is nobody to print', () => {
    render(<PrintList event={event} rows={[]} categories={categories} />);
    expect(document.querySelector('.print-list')).toHaveTextContent('No registration to print.');
  });
});

describe('PrintList with the dialog’s choices', () => {
  const tshirt = (reponse: string) => [
    { que_id: 7, que_question_fr: 'Taille de t-shirt', que_question_en: 'T-shirt size', reponse },
  ];
  const people = [
    ...registrations.slice(0, 2).map((r, i) => ({ ...r, custom_questions: tshirt(['M', 'XL'][i]!) })),
    registration({
      registration_id: 5,
      last_name: 'Morin',
      first_name: 'Ana',
      category_id: tenK!.category_id,
      order_id: 'ORD-5',
      payment_status: 'cancelled',
    }),
    registration({
      registration_id: 6,
      last_name: 'Dubois',
      first_name: 'Chloé',
      category_id: tenK!.category_id,
      order_id: 'ORD-6',
      payment_status: 'refunded',
    }),
  ];
  const titles = new Map([['q:7', { text: 'T-shirt size' }]]);
  const columnIds = [
    'registration_id',
    'first_name',
    'last_name',
    'category',
    'order_id',
    'payment_status',
    'q:7',
  ];
  const printed = () =>
    screen
      .getAllByRole('table', { hidden: true })
      .flatMap((table) => tableRows(table).map((cells) => cells[0]));

  it('leaves out the cancelled and refunded registrations by default, and says so on every table', () => {
    render(<PrintList event={event} rows={rows('en', people)} categories={categories} />);
    expect(printed()).toEqual(['Aubert', 'Roy']);
    for (const table of screen.getAllByRole('table', { hidden: true })) {
      expect(table.querySelector('thead')).toHaveTextContent(
        'Registrations with the status Cancelled or Refunded left out (2)',
      );
    }
  });

  it('leaves out a left-out status however written, prints an unknown one, and says so in French too', async () => {
    const written = [
      { ...people[0]!, payment_status: 'Cancelled' },
      { ...people[1]!, payment_status: 'on hold' },
      ...people
        .slice(2)
        .map((person) => ({ ...person, payment_status: ` ${person.payment_status?.toUpperCase()} ` })),
    ];
    const { unmount } = render(
      <PrintList event={event} rows={rows('en', written)} categories={categories} />,
    );
    const kept = written.filter((person) => !/cancel|refund/i.test(person.payment_status ?? ''));
    expect(printed().sort()).toEqual(kept.map((person) => person.last_name).sort());
    expect(printed()).not.toContain(people[0]!.last_name);
    expect(screen.getAllByRole('table', { hidden: true })[0]!.querySelector('thead')).toHaveTextContent(
      `Registrations with the status Cancelled or Refunded left out (${written.length - kept.length})`,
    );
    unmount();
    await i18n.changeLanguage('fr');
    render(<PrintList event={event} rows={rows('fr', written)} categories={categories} />);
    expect(screen.getAllByRole('table', { hidden: true })[0]!.querySelector('thead')).toHaveTextContent(
      `Inscriptions au statut Annulé ou Remboursé exclues (${written.length - kept.length})`,
    );
  });

  it('prints them when asked, and then says nothing of it', () => {
    render(
      <PrintList
        event={event}
        rows={rows('en', people)}
        categories={categories}
        options={{ ...DEFAULT_CHECK_IN_OPTIONS, leaveOutCancelled: false }}
      />,
    );
    expect(printed()).toEqual(['Aubert', 'Dubois', 'Morin', 'Roy']);
    expect(document.querySelector('.print-list')).not.toHaveTextContent('left out');
  });

  it('prints the chosen columns in the order chosen, a question titled as in the table', () => {
    render(
      <PrintList
        event={event}
        rows={rows('en', people)}
        categories={categories}
        columnIds={columnIds}
        titles={titles}
        // A question of another event (q:99) is skipped.
        options={{ ...DEFAULT_CHECK_IN_OPTIONS, columns: ['last_name', 'q:7', 'q:99', 'first_name'] }}
      />,
    );
    const [first] = screen.getAllByRole('table', { hidden: true });
    expect(
      within(first!)
        .getAllByRole('columnheader', { hidden: true })
        .slice(1)
        .map((h) => h.textContent),
    ).toEqual(['Last name', 'T-shirt size', 'First name', '✓Checked in']);
    expect(tableRows(first!)).toEqual([['Aubert', 'XL', 'Zoë', '']]);
  });

  it('falls back to the usual columns when none of the chosen ones is in this event', () => {
    render(
      <PrintList
        event={event}
        rows={rows('en', people)}
        categories={categories}
        columnIds={columnIds}
        titles={titles}
        options={{ ...DEFAULT_CHECK_IN_OPTIONS, columns: ['q:99'] }}
      />,
    );
    expect(tableRows(screen.getAllByRole('table', { hidden: true })[0]!)[0]).toEqual([
      'Aubert',
      'Zoë',
      '10 km',
      'ORD-2',
      'chargeback (unknown status)',
      '',
    ]);
  });

  it('splits the desks by number of people when asked, and starts each on a new page only when asked', () => {
    const names = ['Aubert', 'Bernard', 'Blanc', 'Durand', 'Roy', 'Zürcher'].map((last, i) =>
      registration({
        registration_id: 10 + i,
        last_name: last,
        first_name: 'A',
        category_id: tenK!.category_id,
      }),
    );
    const { unmount } = render(
      <PrintList
        event={event}
        rows={rows('en', names)}
        categories={categories}
        options={{ ...DEFAULT_CHECK_IN_OPTIONS, desks: 2 }}
      />,
    );
    expect(screen.getAllByRole('heading', { hidden: true }).map((h) => h.textContent)).toEqual([
      '10 km · Last names A–B',
      '10 km · Last names C–Z',
    ]);
    expect(document.querySelector('.print-list')).not.toHaveClass('print-list--page-per-desk');
    unmount();
    render(
      <PrintList
        event={event}
        rows={rows('en', names)}
        categories={categories}
        options={{ ...DEFAULT_CHECK_IN_OPTIONS, pagePerDesk: true }}
      />,
    );
    expect(screen.getAllByRole('heading', { hidden: true }).map((h) => h.textContent)).toEqual([
      '10 km · Last names A–F',
      '10 km · Last names N–S',
      '10 km · Last names T–Z',
    ]);
    expect(document.querySelector('.print-list')).toHaveClass('print-list--page-per-desk');
  });
});
