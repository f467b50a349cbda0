import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardFormula, unguardFormula } from '@/lib/csv/formula-guard';
import { TRICKY_ANSWERS } from '@/mocks/data/tricky-answers';
import { launchBrowser, watchPage, type BrowserHandle, type PageProblems } from './browser';
import { REGISTRATIONS_TEXT, signInAlpine, switchLanguage, NGINX } from './app';
import { PRESETS, TRIGGERS, checkCsv, checkWorkbook, exportCsv, type PresetId } from './exports';
import {
  LARGE,
  REGISTRATIONS_VIEWPORTS as VIEWPORTS,
  TRICKY,
  expectWindowOf,
  expectedTable,
  filterExpected,
  headerTitles,
  withCleanSizes,
} from './registrations-expected';
import {
  eventData,
  expectCountLine,
  openRegistrations,
  searchFor,
  tableRows,
  visibleRows,
  type EventData,
} from './steps';
import { formatCount } from './texts';

/**
 * Exporting the rows shown: the 25,000-registration event filtered on "Paid", in the three CSV
 * presets (byte-exact and Excel-safe) and the Excel workbook, in English and French; then the
 * 45-registration event whose every tricky answer must survive a papaparse round trip and show
 * as text, never as markup. Expectations are computed from the demo API's JSON.
 */

let browser: BrowserHandle;
let page: Page;
let problems: PageProblems;
let large: EventData;
/** alert(), confirm()… the page opened: none expected. */
const browserDialogs: string[] = [];
/** Dedicated workers the page started, nested ones included, by script URL. */
const workers: string[] = [];
/** The export builders' chunks the page and its workers asked for. */
const builderChunks = new Set<string>();

beforeAll(async () => {
  browser = await launchBrowser({ locale: 'en-US', viewport: VIEWPORTS.desktop });
  page = await browser.newPage();
  problems = watchPage(page);
  page.on('worker', (worker) => workers.push(worker.url()));
  page.on('request', (request) => {
    const chunk = /\/assets\/(build-[\w-]+\.js)$/.exec(new URL(request.url()).pathname)?.[1];
    if (chunk) builderChunks.add(chunk);
  });
  // An alert() from an answer rendered as HTML would be a script injection.
  page.on('dialog', (dialog) => {
    browserDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  [large] = await Promise.all([eventData(LARGE.id), signInAlpine(page)]);
  expect(large.registrations).toHaveLength(LARGE.total);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The files were built by the engine worker: the page started no worker but the engine and the
 * workbook's compression workers (from `blob:` URLs, started by the engine), and every builder
 * chunk loaded is one the engine worker's script imports (the page has copies of its own, for
 * browsers without Worker).
 */
async function expectBuiltByTheEngine(): Promise<void> {
  const engine = workers.filter((url) => /\/assets\/engine-worker-[\w-]+\.js$/.test(url));
  expect(workers.filter((url) => !engine.includes(url) && !url.startsWith('blob:'))).toEqual([]);
  expect(engine.length).toBeGreaterThan(0);
  const script = await (await fetch(engine[0]!)).text();
  expect(builderChunks.size).toBe(2);
  for (const chunk of builderChunks) expect(script, chunk).toContain(`./${chunk}`);
}

describe(`exports of event ${LARGE.id} (25,000 rows, filtered on "Paid")`, NGINX, () => {
  it('exports the filtered rows in the three presets, byte-exact and Excel-safe', async () => {
    const expected = withCleanSizes(filterExpected(expectedTable(large, 'en'), { status: 'paid' }), 'en');
    const paidCount = expected.rows.length;
    // The "Paid" filter as a link to it gives it (the filters' own test ticks it in the menu).
    await openRegistrations(page, LARGE.id, { query: '?status=paid', lang: 'en', total: LARGE.total });
    // N in "N of 25,000 registrations match" is what the file must hold.
    await expectCountLine(page, 'en', { shown: paidCount, total: LARGE.total, filtered: true });
    for (const preset of Object.keys(PRESETS) as PresetId[]) {
      const started = performance.now();
      const file = await exportCsv(page, 'en', preset);
      const { text, rows } = checkCsv(file, preset, expected, LARGE.slug, 'en');
      console.info(
        `[registrations] ${preset}: ${file.fileName}, ${rows.length - 1} rows, ${file.bytes.length} bytes in ${Math.round(performance.now() - started)} ms`,
      );
      // Accents intact (decoded as UTF-8), guards applied where the data needs them.
      expect(text).toContain('Genève');
      expect(rows.flat().some((cell) => cell.startsWith("'") && TRIGGERS.has(cell.charAt(1)))).toBe(true);
      const guarded = rows.flat().filter((cell) => cell === "'=1+2");
      expect(guarded.length).toBe(expected.rows.filter((row) => row.cells.includes('=1+2')).length);
      await page
        .getByRole('alert')
        .filter({ hasText: `Exported ${formatCount(paidCount, 'en')} rows to ${file.fileName}.` })
        .waitFor();
    }
    await checkWorkbook(page, 'en', expected, LARGE.slug);
    await expectBuiltByTheEngine();
    problems.expectNone();
  });

  it('switches to French: headers, counts and a French export', async () => {
    const fr = REGISTRATIONS_TEXT.fr;
    await switchLanguage(page, 'fr');
    await page.getByRole('heading', { level: 1, name: fr.title }).waitFor();
    const tableFr = expectedTable(large, 'fr');
    expect(await headerTitles(page)).toEqual(tableFr.headers);
    const expected = filterExpected(tableFr, { status: 'paid' });
    await expectCountLine(page, 'fr', { shown: expected.rows.length, total: LARGE.total, filtered: true });
    await expectWindowOf(page, expected);

    const file = await exportCsv(page, 'fr', 'excel-fr');
    const { rows } = checkCsv(file, 'excel-fr', withCleanSizes(expected, 'fr'), LARGE.slug, 'fr');
    expect(rows[0]!.slice(0, 7)).toEqual([
      'N°',
      'Prénom',
      'Nom',
      'E-mail',
      'Catégorie',
      'Commande',
      'Paiement',
    ]);
    expect(new Set(rows.slice(1).map((row) => row[6]))).toEqual(new Set([fr.status.paid]));

    await checkWorkbook(page, 'fr', withCleanSizes(expected, 'fr'), LARGE.slug);
    await switchLanguage(page, 'en');
    problems.expectNone();
  });
});

describe(`exports of event ${TRICKY.id} (45 rows, every tricky answer)`, NGINX, () => {
  const en = REGISTRATIONS_TEXT.en;
  let data: EventData;

  it('exports exactly 45 rows where every tricky answer survives a papaparse round trip', async () => {
    data = await eventData(TRICKY.id);
    expect(data.registrations).toHaveLength(TRICKY.total);
    const table = expectedTable(data, 'en');
    await openRegistrations(page, TRICKY.id, { lang: 'en', total: TRICKY.total });
    await expectCountLine(page, 'en', { shown: TRICKY.total, total: TRICKY.total });

    // On screen, every answer is the exact text (tabs, line breaks and markup included): a
    // window tall enough for all 45 rows shows them at once.
    await page.setViewportSize({ width: 1280, height: 2600 });
    await expect.poll(async () => (await visibleRows(page)).length).toBe(TRICKY.total);
    const shown = (await visibleRows(page)).flat();
    await page.setViewportSize(VIEWPORTS.desktop);
    for (const answer of TRICKY_ANSWERS) expect(shown, JSON.stringify(answer)).toContain(answer);

    const file = await exportCsv(page, 'en', 'utf8');
    const { rows } = checkCsv(file, 'utf8', withCleanSizes(table, 'en'), TRICKY.slug, 'en');
    expect(rows.length - 1).toBe(45);
    const cells = rows.slice(1).flat();
    for (const answer of TRICKY_ANSWERS) {
      expect(cells, JSON.stringify(answer)).toContain(guardFormula(answer));
      // The guard is the only change, and it can be undone.
      expect(unguardFormula(guardFormula(answer))).toBe(answer);
    }
    expect(cells).toContain("'=1+2");
    expect(cells).not.toContain('=1+2');
    problems.expectNone();
  });

  it('shows an HTML answer as text, in the table and in the details panel', async () => {
    const html = '<img src=x onerror=alert(1)>';
    await searchFor(page, 'en', 'onerror');
    const owners = data.registrations.filter((registration) =>
      registration.custom_questions.some((answer) => answer.reponse === html),
    );
    expect(owners.length).toBeGreaterThan(0);
    await expectCountLine(page, 'en', { shown: owners.length, total: TRICKY.total, filtered: true });
    const cells = (await visibleRows(page)).flat();
    expect(cells).toContain(html);
    expect(await page.getByRole('main').locator('img').count()).toBe(0);

    await tableRows(page).first().getByRole('button').click();
    const dialog = page.getByRole('dialog', {
      name: en.detailsTitle(owners[0]!.registration_id),
      exact: true,
    });
    await dialog.waitFor();
    // The answers list follows its heading: the HTML answer is one of its values, as text.
    const answers = await dialog
      .getByRole('heading', { name: en.detailsAnswers, exact: true })
      .locator('xpath=following-sibling::dl[1]//dd')
      .allTextContents();
    expect(answers).toContain(html);
    expect(await page.locator('img').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(browserDialogs).toEqual([]);
    problems.expectNone();
  });
});
