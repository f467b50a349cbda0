import { REGISTRATION_FIELDS } from '@/engine/api/registration-fields';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import Papa from 'papaparse';
import i18n from '@/i18n';
import { guardFormula } from '@/lib/csv';
import { formatInstant } from '@/lib/dates';
import { DEMO_EVENT_IDS, getDemoDataset, resetDemoData, touchRegistrations } from '@/mocks/data';
import { server, TEST_API_BASE, TEST_TODAY } from '../../../../test/msw-server';
import { currentPath, renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations, every tricky answer
const path = (search = '') => `/events/${EVENT}/registrations${search}`;
const source = () => getDemoDataset(TEST_TODAY).registrationsOf(EVENT);

afterEach(() => resetDemoData());

// jsdom lays nothing out: give the table's scroll box a height, so the virtualizer renders the
// rows a real 1000 px window would show (the real scrolling is tested in Chromium).
let viewportHeight = 4000;
beforeEach(() => {
  viewportHeight = 4000;
  sizeRegistrationsTable(() => viewportHeight);
});

async function loaded() {
  await screen.findByText(/All 45 registrations loaded/);
  return screen.getByRole('region', { name: /Registrations of/ });
}

/** A toolbar menu's button (a column header may have the same name). */
const menuButton = (name: string) =>
  screen.getAllByRole('button', { name }).find((button) => button.hasAttribute('popovertarget'))!;
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const columnHeaders = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('registrations table', () => {
  it('shows every registration with its category name, translated status and one column per question', async () => {
    renderApp(path());
    const table = await loaded();
    expect(columnHeaders(table)).toEqual([
      'ID↕',
      'First name↕',
      'Last name↕',
      'E-mail↕',
      'Category↕',
      'Order↕',
      'Payment↕',
      expect.stringMatching(/T-shirt/),
      expect.stringMatching(/club|licence/i),
      expect.stringMatching(/hear/i),
    ]);
    expect(screen.getByText('45 registrations')).toBeInTheDocument();
    expect(within(table).getByRole('grid')).toHaveAttribute('aria-rowcount', '46');
    expect(bodyRows(table)).toHaveLength(45);

    const first = source()[0]!;
    const row = bodyRows(table)[0]!;
    expect(
      within(row).getByRole('button', { name: new RegExp(`registration ${first.registration_id}`) }),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent(first.email);
    expect(within(table).getAllByText(/^(Paid|Pending|Free|Refunded|Cancelled)$/).length).toBeGreaterThan(0);
    expect(
      within(table).getAllByText(/^(Open race 7.3 km|Escalade walk|Mini-Escaladeurs kids' race)$/).length,
    ).toBe(45);
  });

  it('renders untrusted text as text, never as HTML', async () => {
    renderApp(path());
    const table = await loaded();
    expect(within(table).getAllByText('<img src=x onerror=alert(1)>').length).toBeGreaterThan(0);
    expect(table.querySelector('img')).toBeNull();
  });

  it('searches every visible column ignoring case and accents, and keeps the search in the URL', async () => {
    const target = source().find((r) => /[À-ÿ]/.test(`${r.first_name}${r.last_name}`))!;
    const folded = target.last_name
      .normalize('NFD')
      .replace(/\p{Mn}/gu, '')
      .toUpperCase();
    const { user, router } = renderApp(path());
    const table = await loaded();
    await user.type(screen.getByLabelText('Search registrations'), folded);
    await waitFor(() => expect(bodyRows(table).length).toBeLessThan(45));
    for (const row of bodyRows(table))
      expect(
        row.textContent
          .normalize('NFD')
          .replace(/\p{Mn}/gu, '')
          .toUpperCase(),
      ).toContain(folded);
    expect(within(table).getAllByText(target.last_name).length).toBeGreaterThan(0);
    await waitFor(() => expect(currentPath(router)).toContain(`q=${encodeURIComponent(folded)}`));
  });

  it('filters by payment status with counts, and by category', async () => {
    const paid = source().filter((r) => r.payment_status === 'paid').length;
    const { user, router } = renderApp(path());
    const table = await loaded();
    await user.click(menuButton('Payment status'));
    const paidOption = screen.getByRole('checkbox', { name: /^Paid/ });
    expect(paidOption.closest('label')).toHaveTextContent(`Paid${paid}`);
    await user.click(paidOption);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(paid));
    expect(screen.getByText(`${paid} of 45 registrations match`)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toContain('status=paid'));

    await user.click(menuButton('Category'));
    const walk = screen.getByRole('checkbox', { name: /^Escalade walk/ });
    await user.click(walk);
    await waitFor(() => expect(router.state.location.search).toContain('cat='));
    const expected = source().filter(
      (r) =>
        r.payment_status === 'paid' &&
        r.category_id === Number(new URLSearchParams(router.state.location.search).get('cat')),
    ).length;
    await waitFor(() => expect(screen.queryAllByRole('row').length - 1).toBe(expected));
  });

  it('hides and shows columns, and remembers it in the URL', async () => {
    const { user, router } = renderApp(path());
    const table = await loaded();
    await user.click(menuButton('Columns'));
    await user.click(screen.getByRole('checkbox', { name: 'E-mail' }));
    await waitFor(() => expect(columnHeaders(table)).not.toContain('E-mail↕'));
    await waitFor(() => expect(router.state.location.search).toContain('hide=email'));
  });

  it('sorts by any column, and the sort is in the URL', async () => {
    const { user, router } = renderApp(path());
    const table = await loaded();
    await user.click(within(table).getByRole('button', { name: /Last name/ }));
    expect(within(table).getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await waitFor(() => expect(router.state.location.search).toContain('sort=last_name'));
    const names = bodyRows(table).map((row) => within(row).getAllByRole('gridcell')[2]!.textContent);
    const fold = (s: string) =>
      s
        .normalize('NFD')
        .replace(/\p{Mn}/gu, '')
        .toLowerCase();
    expect(names.map(fold)).toEqual([...names].map(fold).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    await user.click(within(table).getByRole('button', { name: /Last name/ }));
    expect(within(table).getByRole('columnheader', { name: /Last name/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await waitFor(() => expect(router.state.location.search).toContain('sort=-last_name'));
  });

  it('restores search, filters, sort and hidden columns from a link', async () => {
    renderApp(path('?status=paid&sort=-registration_id&hide=email'));
    const table = await loaded();
    expect(within(table).getByRole('columnheader', { name: /ID/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(columnHeaders(table)).not.toContain('E-mail↕');
    const ids = bodyRows(table).map((row) => Number(within(row).getAllByRole('gridcell')[0]!.textContent));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('renders only the rows in view, tells screen readers the full count, and moves by keyboard', async () => {
    viewportHeight = 400; // ten rows of 40 px
    const { user } = renderApp(path());
    const table = await loaded();
    const rendered = bodyRows(table).filter((row) => row.hasAttribute('aria-rowindex'));
    expect(rendered.length).toBeGreaterThan(9);
    expect(rendered.length).toBeLessThan(45);
    expect(within(table).getByRole('grid')).toHaveAttribute('aria-rowcount', '46');

    // One Tab stop for the rows: the first row, then the arrows and End move between rows.
    act(() => rendered[0]!.focus());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '3');
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAttribute('aria-rowindex', '2');
    const second = source()[1]!;
    await user.keyboard('{ArrowDown}{Enter}');
    expect(
      await screen.findByRole('dialog', { name: `Registration ${second.registration_id}` }),
    ).toBeInTheDocument();
    // Far jumps (End, Page Down) scroll first: tested in Chromium, where there is layout.
  });

  it('opens a details panel with every field and answer, closed by Escape with focus returned', async () => {
    const first = source()[0]!;
    const { user } = renderApp(path());
    const table = await loaded();
    const opener = within(table).getByRole('button', {
      name: new RegExp(`registration ${first.registration_id},`),
    });
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: `Registration ${first.registration_id}` });
    expect(within(panel).getByText(first.email)).toBeInTheDocument();
    for (const answer of first.custom_questions ?? []) {
      expect(within(panel).getByText(answer.que_question_en)).toBeInTheDocument();
    }
    expect(within(panel).getByText('updated_at')).toBeInTheDocument(); // an extra field the document does not list
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('switches headers, statuses and category names to French without reloading', async () => {
    let requests = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/registrations')) requests += 1;
    });
    const { user } = renderApp(path());
    const table = await loaded();
    const before = requests;
    await user.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(columnHeaders(table)).toContain('Prénom↕'));
    expect(columnHeaders(table)).toContain('Paiement↕');
    expect(within(table).getAllByText(/^(Payé|En attente|Gratuit|Remboursé|Annulé)$/).length).toBeGreaterThan(
      0,
    );
    expect(
      within(table).getAllByText(
        /^(Course populaire 7,3 km|Marche de l'Escalade|Course des Mini-Escaladeurs)$/,
      ),
    ).toHaveLength(45);
    expect(requests).toBe(before);
    await act(() => i18n.changeLanguage('en'));
  });

  it('exports exactly the filtered, sorted rows and visible columns, as Excel French expects', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob;
      saved.push({ blob, name: this.download });
    });
    const { user } = renderApp(path('?status=paid&sort=-last_name&hide=email,order_id&size=25'));
    const table = await loaded();
    const shownIds = bodyRows(table).map((row) => within(row).getAllByRole('gridcell')[0]!.textContent);

    await user.click(menuButton('Export'));
    await user.click(screen.getByRole('button', { name: /Excel \(French\)/ }));
    expect(await screen.findByText(/^Exported \d+ rows to /)).toBeInTheDocument();

    const { blob, name } = saved[0]!;
    expect(name).toMatch(/^course-de-l-escalade-registrations-\d{4}-\d{2}-\d{2}-excel-fr\.csv$/);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const parsed = Papa.parse<string[]>(text, { delimiter: ';', newline: '\r\n' });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual([
      'ID',
      'First name',
      'Last name',
      'Category',
      'Payment',
      'T-shirt size',
      // Sizes are read as clean values, in a column beside the answers as typed.
      'T-shirt size (clean)',
      expect.any(String),
      expect.any(String),
    ]);
    const paid = source().filter((r) => r.payment_status === 'paid');
    expect(rows).toHaveLength(paid.length); // every page, not only the 25 rows on screen
    expect(rows.slice(0, shownIds.length).map((row) => row[0])).toEqual(shownIds);
    expect(new Set(rows.map((row) => row[4]))).toEqual(new Set(['Paid']));
    expect(rows.map((row) => row[6])).toEqual(rows.map((row) => readGarmentSize(row[5]!) ?? ''));
    // Answers that Excel would run as formulas come out guarded, and accents survive.
    const answers = rows.flatMap((row) => row.slice(5));
    expect(answers).not.toContain('=1+2');
    for (const tricky of ['=1+2', '@club', '-2+3']) {
      if (paid.some((r) => r.custom_questions?.some((a) => a.reponse === tricky)))
        expect(answers).toContain(guardFormula(tricky));
    }
    expect(text).toContain('Genève');
  });

  it('exports during a load: waits for the last page, then writes the whole list of the view asked for', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    // 1,800 registrations in 4 pages of 500; the last page answers only when released.
    const event = DEMO_EVENT_IDS.sharedQuestionText;
    let release: () => void = () => {};
    const lastPage = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '4') await lastPage;
        return undefined;
      }),
    );
    const all = getDemoDataset(TEST_TODAY).registrationsOf(event);
    let paid = 0;
    for (const registration of all) if (registration.payment_status === 'paid') paid += 1;

    const { user } = renderApp(`/events/${event}/registrations?status=paid`);
    await screen.findByText(/^Loading registrations… [\d,]+ (of [\d,]+ )?loaded/);
    // Rows of the pages so far are on screen: until then the export actions are disabled.
    await screen.findByText(/^[1-9][\d,]* of [\d,]+ registrations match/);
    await user.click(menuButton('Export'));
    await user.click(screen.getByRole('button', { name: /CSV UTF-8/ }));
    expect(await screen.findByText(/^Waiting for every registration before exporting/)).toBeInTheDocument();
    // Changing the filter now does not change the file asked for.
    await user.click(
      screen
        .getAllByRole('button', { name: /^Payment status/ })
        .find((b) => b.hasAttribute('popovertarget'))!,
    );
    await user.click(screen.getByRole('checkbox', { name: /^Pending/ }));
    expect(saved).toHaveLength(0);

    release();
    expect(await screen.findByText(/^Exported [\d,]+ rows to /)).toBeInTheDocument();
    const rows = Papa.parse<string[]>(await saved[0]!.text(), { newline: '\r\n' }).data.slice(1);
    expect(rows).toHaveLength(paid);
    expect(new Set(rows.map((row) => row[6]))).toEqual(new Set(['Paid']));
  });

  it('never counts "0 of 0" while the rows of a load are being built', async () => {
    // 1,800 registrations, 4 pages of 500, filtered: every text the count line says, in order.
    const event = DEMO_EVENT_IDS.sharedQuestionText;
    const said: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.querySelector('.registrations-count')?.textContent ?? '';
      if (text !== said.at(-1)) said.push(text);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    onTestFinished(() => observer.disconnect());
    renderApp(`/events/${event}/registrations?status=paid`);
    await screen.findByText(/^All 1,800 registrations loaded/);
    await screen.findByText(/^[1-9][\d,]* of 1,800 registrations match$/);
    const counted = said.filter((text) => text !== '');
    expect(counted.length).toBeGreaterThan(0);
    for (const text of counted) expect(text).toMatch(/^[1-9][\d,]* of [1-9][\d,]* registrations match$/);
  });

  it('matches answers to questions by id, even when two questions share a text', async () => {
    const event = DEMO_EVENT_IDS.sharedQuestionText;
    const first = getDemoDataset(TEST_TODAY).registrationsOf(event)[0]!;
    const answers = first.custom_questions ?? [];
    const shared = answers.filter((a) => a.que_question_fr === "Contact d'urgence");
    expect(shared).toHaveLength(2);
    const { user } = renderApp(`/events/${event}/registrations?sort=registration_id`);
    await screen.findByText(/All 1,800 registrations loaded/);
    await user.click(screen.getByRole('button', { name: 'Français' }));
    // The screen and its rows switch to French a moment after the click, the rows in slices.
    const table = await screen.findByRole('region', { name: /Inscriptions de/ });
    await waitFor(() => {
      const headers = columnHeaders(table);
      const columns = shared.map((a) => headers.indexOf(`Contact d'urgence (${a.que_id})↕`));
      expect(columns.every((index) => index > 0)).toBe(true);
      const cells = within(bodyRows(table)[0]!).getAllByRole('gridcell');
      shared.forEach((answer, i) => expect(cells[columns[i]!]).toHaveTextContent(answer.reponse ?? ''));
    });
    await act(() => i18n.changeLanguage('en'));
  });

  it('says so when an event has no registrations', async () => {
    renderApp(`/events/${DEMO_EVENT_IDS.noRegistrations}/registrations`);
    expect(await screen.findByRole('heading', { name: 'No registrations' })).toBeInTheDocument();
    // Not "All 0 registrations loaded", not "Showing 0–0 of 0".
    expect(await screen.findByText('Loaded: no registrations')).toBeInTheDocument();
    expect(screen.getByText('0 registrations')).toBeInTheDocument();
    expect(screen.queryByText(/All 0|0–0/)).toBeNull();
  });

  it('folds the fields the API document does not list, with their dates formatted', async () => {
    const first = source()[0]!;
    const { user } = renderApp(path());
    const table = await loaded();
    await user.click(
      within(table).getByRole('button', { name: new RegExp(`registration ${first.registration_id},`) }),
    );
    const dialog = await screen.findByRole('dialog');
    // The table's rows hold the documented fields only: the others come from the engine.
    expect(Object.keys(source()[0]!).length).toBeGreaterThan(REGISTRATION_FIELDS.length);
    const extras = (await within(dialog).findByText(/^Other fields \(\d+\)$/)).closest('details')!;
    expect(extras).not.toHaveAttribute('open');
    const updated = within(extras).getByText('updated_at').closest('div')!;
    const raw = String((first as unknown as Record<string, unknown>).updated_at);
    expect(updated).not.toHaveTextContent(raw);
    expect(updated).toHaveTextContent(formatInstant(new Date(raw), 'en'));
  });

  it('shows the unavailable page for another promoter’s event', async () => {
    renderApp(`/events/${DEMO_EVENT_IDS.coastal}/registrations`);
    expect(
      await screen.findByRole('heading', {
        name: 'This event does not exist or is not available with this key',
      }),
    ).toBeInTheDocument();
  });

  it('refreshes with updated_since from the server clock and says how many rows changed', async () => {
    const sinceValues: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/registrations')) sinceValues.push(url.searchParams.get('updated_since'));
    });
    const { user } = renderApp(path());
    await loaded();
    touchRegistrations(EVENT, 3, new Date(Date.now() + 60_000));
    await user.click(screen.getByRole('button', { name: 'Check for changes' }));
    expect(await screen.findByText('Since the last load: 3 changed, 0 new.')).toBeInTheDocument();
    const since = sinceValues.filter(Boolean);
    expect(since.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(since[0]!))).toBe(false);
  });

  it('says "as of" the time the list was loaded, not the safety margin of the next refresh', async () => {
    // Without a readable Date header, the next refresh asks for changes since 5 minutes before
    // the load (the browser clock may be off): that watermark is not when the data was loaded.
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json({ registrations: page === 1 ? source() : [] });
      }),
    );
    const before = new Date();
    renderApp(path());
    await loaded();
    const after = new Date();
    const shown = [before, after].map((time) => `as of ${formatInstant(time, 'en')}`);
    const status = screen.getByText(/as of/);
    expect(shown.some((text) => status.textContent.includes(text))).toBe(true);
  });

  it('never calls a list with a failing page complete, and offers to retry the missing pages', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        if (page === '2') return HttpResponse.json({ error: 'down' }, { status: 503 });
        return undefined;
      }),
    );
    const { user } = renderApp(`/events/${DEMO_EVENT_IDS.sharedQuestionText}/registrations`); // 1,800 rows: 4 pages of 500
    expect(await screen.findByText('This list is not complete.')).toBeInTheDocument();
    expect(screen.getByText(/1 page kept failing/)).toBeInTheDocument();
    expect(
      screen.queryByText(/registrations loaded,? the complete list|All .* registrations loaded/),
    ).toBeNull();

    await user.click(menuButton('Export'));
    await user.click(screen.getByRole('button', { name: /Excel \(English\)/ }));
    expect(await screen.findByText(/Export refused: the list is not complete/)).toBeInTheDocument();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Retry the missing pages' }));
    expect(await screen.findByText('All 1,800 registrations loaded')).toBeInTheDocument();
  });
});
