import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, within } from '@testing-library/react';
import Papa from 'papaparse';
import { MemoryRouter } from 'react-router';
import { z } from '@/lib/zod';
import { categorySchema, eventSchema } from '@/engine/api/event-schemas';
import i18n from '@/i18n';
import { buildCsv } from '@/lib/csv/build-csv';
import FilteredInsightsDialog from '@/features/registrations/table/filtered-insights-dialog';
import { RegistrationCards } from '@/features/registrations/table/registration-cards';
import { RegistrationCell } from '@/features/registrations/table/registration-cell';
import { RegistrationDetails } from '@/features/registrations/table/registration-details';
import { registrationsWorkbook } from '@/features/registrations/export/registrations-workbook';
import { categoryBreakdown } from '@/engine/figures/category-breakdown';
import { eventInsights } from '@/engine/figures/event-insights';
import { overviewFigures } from '@/features/registrations/insights/overview-figures';
import { registration } from '@/engine/figures/testing/demo-event';
import { useInsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { CategoryStatusTable } from '@/features/event-page/overview/category-status-table';
import { PrintList } from '@/features/registrations/export/print-list';
import { tableExport } from '@/features/registrations/export/export-table';
import {
  categoryFacetOptions,
  presentFacetValues,
  statusFacetOptions,
} from '@/features/registrations/rows/facet-options';
import { FIXED_COLUMN_IDS, registrationLabels } from '@/features/registrations/rows/registration-labels';
import { RowBuilder } from '@/features/registrations/rows/registration-rows';

/** The event lists one category; the registration points at another, with an undocumented status. */
const categories = z
  .array(categorySchema)
  .parse([
    { category_id: 1, epr_nom_fr: '10 km', epr_nom_en: '10 km', epr_type_fr: null, epr_type_en: null },
  ]);
const event = eventSchema.parse({
  eve_id: 7,
  eve_nom_fr: 'Foulées',
  eve_date_debut: '2026-05-01',
  categories: [{ category_id: 1, epr_nom_fr: '10 km', epr_nom_en: '10 km' }],
});
const registrations = [
  registration({
    registration_id: 1,
    first_name: 'Léa',
    last_name: 'Roy',
    category_id: 4242,
    order_id: 'ORD-1',
    payment_status: 'chargeback',
  }),
  registration({ registration_id: 2, first_name: 'Marc', last_name: 'Aubert', category_id: 1 }),
];

const EXPECTED = {
  en: { category: 'Unknown category (#4242)', status: 'chargeback (unknown status)', none: 'No status' },
  fr: {
    category: 'Catégorie inconnue (n° 4242)',
    status: 'chargeback (statut inconnu)',
    none: 'Sans statut',
  },
} as const;

/** The labels the screens build (through the overview's hook, which adds the figures' titles), and the table's rows. */
function setUp() {
  const labels = renderHook(() => useInsightLabels(categories)).result.current;
  const rows = new RowBuilder(labels).build(registrations);
  return { labels, rows, row: rows[0]! };
}

describe.each(['en', 'fr'] as const)('an unknown category and an unknown status, in %s', (language) => {
  const { category, status, none } = EXPECTED[language];

  beforeEach(async () => {
    await i18n.changeLanguage(language);
  });

  it('are labelled once, by the labels module', () => {
    const labels = registrationLabels(i18n, language, categories);
    expect(labels.category(4242)).toBe(category);
    expect(labels.status('chargeback')).toBe(status);
    expect(labels.status(null)).toBe(none);
    expect(setUp().labels.category(4242)).toBe(category);
  });

  it('read the same in a table cell and on a phone card', () => {
    const { row } = setUp();
    const cell = render(<RegistrationCell row={row} columnId="category" />);
    expect(cell.container).toHaveTextContent(category, { normalizeWhitespace: false });
    cell.unmount();
    const pill = render(<RegistrationCell row={row} columnId="payment_status" />);
    expect(pill.container).toHaveTextContent(status, { normalizeWhitespace: false });
    pill.unmount();

    render(
      <RegistrationCards
        rows={[row]}
        viewKey=""
        sortableIds={[]}
        sort={null}
        onSortChange={() => undefined}
        titles={new Map()}
        label="Cards"
        onOpen={() => undefined}
      />,
    );
    const card = screen.getByRole('listitem');
    expect(within(card).getByText(category)).toBeInTheDocument();
    expect(within(card).getByText(status)).toBeInTheDocument();
  });

  it('read the same in the facet menus', () => {
    const { labels, rows } = setUp();
    const present = presentFacetValues(rows);
    const categoryOption = categoryFacetOptions(categories, present.categories, new Map(), labels).find(
      (option) => option.value === '4242',
    );
    const statusOption = statusFacetOptions(present.statuses, new Map(), labels).find(
      (option) => option.value === 'chargeback',
    );
    expect(categoryOption?.label).toBe(category);
    expect(statusOption?.label).toBe(status);
    expect(
      statusFacetOptions(present.statuses, new Map(), labels).find((option) => option.value === '')?.label,
    ).toBe(none);
  });

  it('read the same in the details panel', () => {
    const { row } = setUp();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RegistrationDetails
            eventId={row.registration.event_id ?? 1}
            version={null}
            row={row}
            titles={new Map()}
            position={{ index: 0, total: 1 }}
            sameOrder={[]}
            detailsTo={() => '/'}
            orderTo={() => '/'}
            onClose={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText(category)).toBeInTheDocument();
    expect(screen.getByText(status)).toBeInTheDocument();
  });

  it('read the same in the event overview and the Numbers dialog', async () => {
    const { labels } = setUp();
    const overview = render(
      <MemoryRouter>
        <CategoryStatusTable
          eventId={7}
          categories={categories}
          breakdown={categoryBreakdown(registrations, categories)}
          labels={labels}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByText(category).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('columnheader', { name: status }).length).toBeGreaterThan(0);
    overview.unmount();

    render(
      <QueryClientProvider client={new QueryClient()}>
        <FilteredInsightsDialog
          eventId={7}
          registrations={registrations}
          shown={registrations.map((row) => ({ id: row.registration_id }))}
          complete
          categories={categories}
          onClose={() => undefined}
        />
      </QueryClientProvider>,
    );
    const byCategory = await screen.findByRole('table', {
      name: new RegExp(language === 'en' ? 'By category' : 'Par catégorie'),
    });
    expect(within(byCategory).getByText(category)).toBeInTheDocument();
    const byStatus = screen.getByRole('table', {
      name: new RegExp(language === 'en' ? 'By payment status' : 'Par statut de paiement'),
    });
    expect(within(byStatus).getByText(status)).toBeInTheDocument();
  });

  it('read the same on the printed check-in list', () => {
    const { rows } = setUp();
    render(<PrintList event={event} rows={rows} categories={categories} />);
    const tables = screen.getAllByRole('table', { hidden: true });
    const printed = tables.flatMap((table) =>
      [...table.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('td')].map((td) => td.textContent),
      ),
    );
    expect(printed).toContainEqual(['Roy', 'Léa', category, 'ORD-1', status, '']);
    expect(printed).toContainEqual(['Aubert', 'Marc', '10 km', '', none, '']);
    expect(
      screen.getByRole('heading', { hidden: true, name: new RegExp(`^${escape(category)} · `) }),
    ).toBeInTheDocument();
  });

  it('read the same in the CSV, the workbook and its figures sheet', async () => {
    const { labels, rows } = setUp();
    const table = await tableExport(rows, FIXED_COLUMN_IDS, (id) => id);
    const csv = Papa.parse<string[]>(
      buildCsv({ headers: table.headers, rows: table.rows, preset: 'utf8' }),
    ).data;
    expect(csv[1]).toEqual(['1', 'Léa', 'Roy', '', category, 'ORD-1', status]);

    const figures = overviewFigures(
      eventInsights(registrations, categories, { questions: false, groups: true }),
      labels,
    );
    const workbook = registrationsWorkbook({
      columnIds: table.columnIds,
      table,
      sheetName: 'Registrations',
      figures: { sheetName: 'Overview', headers: ['Figure', 'Number'], rows: figures },
    });
    expect(workbook.table.rows[0]).toEqual(['1', 'Léa', 'Roy', '', category, 'ORD-1', status]);
    expect(workbook.figures?.rows).toContainEqual({ label: category, value: 1 });
    expect(workbook.figures?.rows).toContainEqual({ label: status, value: 1 });
    expect(workbook.figures?.rows).toContainEqual({ label: none, value: 1 });
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
