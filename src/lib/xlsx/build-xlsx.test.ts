// @vitest-environment node
import readExcelFile, { readSheet } from 'read-excel-file/node';
import { DEMO_EVENT_IDS, getDemoDataset, TRICKY_ANSWERS } from '@/mocks/data';
import { buildXlsx } from './build-xlsx';
import { unzipEntries } from './testing/unzip-entries';
import { XLSX_MIME_TYPE, type XlsxCell, type XlsxColumn, type XlsxWorkbookInput } from './xlsx-table';

type ReadCell = string | number | boolean | Date | null;

async function bytesOf(input: XlsxWorkbookInput): Promise<Uint8Array> {
  const blob = await buildXlsx(input);
  expect(blob.type).toBe(XLSX_MIME_TYPE);
  return new Uint8Array(await blob.arrayBuffer());
}

/** The first sheet read back by another library, text untrimmed. */
async function readBack(bytes: Uint8Array): Promise<ReadCell[][]> {
  return (await readSheet(Buffer.from(bytes), { trim: false })) as ReadCell[][];
}

/** What each cell must read back as: numbers as numbers, text as text, empty as null. */
function expected(columns: readonly XlsxColumn[], rows: readonly (readonly XlsxCell[])[]): ReadCell[][] {
  return [
    columns.map((c) => c.header),
    ...rows.map((row) =>
      row.map((cell) => {
        if (cell === null || cell === undefined || cell === '') return null;
        return cell;
      }),
    ),
  ];
}

const columns: XlsxColumn[] = [
  { header: 'ID', type: 'number' },
  { header: 'Nom', type: 'text' },
  { header: 'Réponse', type: 'text' },
];

describe('buildXlsx: what Excel reads back', () => {
  it('keeps every tricky cell as text, exactly: formulas, signs, accents, emoji, line breaks', async () => {
    const cells = [
      ...TRICKY_ANSWERS,
      '=1+2',
      '=HYPERLINK("http://x","clic")',
      '+41 79 555 12 34',
      '-2+3',
      '@SUM(A1)',
      'Zoë Großmann-Lefèvre',
      '李小龙 / Иван / محمد / Ελένη',
      '🎉🏃‍♀️ 👍🏽',
      ' espaces autour ',
      'CR seul\rici',
      'contrôle \u0001 et \u001f, DEL \u007f, C1 \u0085\u0086, remplacement \ufffd',
      '_x0041_ littéral',
      'x'.repeat(10_000),
    ];
    const rows = cells.map((text, i) => [i + 1, `Nom ${i}`, text]);
    const back = await readBack(await bytesOf({ table: { name: 'Inscriptions', columns, rows } }));
    expect(back).toEqual(expected(columns, rows));
  });

  it('writes ids as numbers, and keeps number-like text that would change as text', async () => {
    const rows: XlsxCell[][] = [
      ['100001', '007', '1e3'],
      [42, '3.50', '-0'],
      ['9007199254740993', ' 12', 'NaN'],
      ['-3.5', '', null],
    ];
    const numeric: XlsxColumn[] = [
      { header: 'a', type: 'number' },
      { header: 'b', type: 'number' },
      { header: 'c', type: 'number' },
    ];
    const back = await readBack(await bytesOf({ table: { name: 'T', columns: numeric, rows } }));
    expect(back).toEqual([
      ['a', 'b', 'c'],
      [100001, '007', '1e3'],
      [42, '3.50', '-0'],
      ['9007199254740993', ' 12', 'NaN'],
      [-3.5, null, null],
    ]);
  });

  it('never writes a formula: a text cell starting with = is a shared string', async () => {
    const bytes = await bytesOf({ table: { name: 'T', columns, rows: [[1, '=1+2', '@x']] } });
    const sheet = unzipEntries(bytes).get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).not.toContain('<f>');
    expect(sheet).toMatch(/<c r="B2"[^>]*t="s"/);
  });

  it('cuts a cell longer than Excel allows at 32,767 characters', async () => {
    const back = await readBack(
      await bytesOf({
        table: { name: 'T', columns: [{ header: 'Long', type: 'text' }], rows: [['é'.repeat(40_000)]] },
      }),
    );
    expect(back[1]?.[0]).toBe('é'.repeat(32_767));
  });

  it('writes a table without rows as its header row', async () => {
    const back = await readBack(await bytesOf({ table: { name: 'T', columns, rows: [] } }));
    expect(back).toEqual([['ID', 'Nom', 'Réponse']]);
  });

  it('rejects a table without columns or with a row of the wrong width', async () => {
    await expect(buildXlsx({ table: { name: 'T', columns: [], rows: [] } })).rejects.toThrow(RangeError);
    await expect(buildXlsx({ table: { name: 'T', columns, rows: [[1, 'a']] } })).rejects.toThrow(
      /Row 0 has 2 cells/,
    );
  });
});

describe('buildXlsx: sheet layout', () => {
  const input: XlsxWorkbookInput = {
    table: {
      name: 'Inscriptions',
      columns,
      rows: [
        [1, 'Léa', 'M'],
        [2, 'Zoë', 'une réponse bien plus longue'],
      ],
    },
    figures: {
      name: 'Synthèse',
      headers: ['Indicateur', 'Nombre'],
      rows: [
        { label: 'Inscriptions', value: 2 },
        { label: 'Par catégorie', value: null },
        { label: '=Semi-marathon', value: 1 },
      ],
    },
  };

  it('freezes the header row, fits the columns and filters the table', async () => {
    const files = unzipEntries(await bytesOf(input));
    const sheet = files.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet).toContain(
      '<pane ySplit="1" xSplit="0" topLeftCell="A2" activePane="bottomRight" state="frozen"/>',
    );
    expect(sheet).toMatch(/<\/sheetData><autoFilter ref="A1:C3"\/><\/worksheet>$/);
    expect(sheet).toContain('<col min="3" max="3" width="31" customWidth="1"/>');
    // The header cells are bold (style 1 has the bold font).
    expect(sheet).toMatch(/<c r="A1" s="1"/);
    expect(files.get('xl/styles.xml')).toMatch(/<font>(?:(?!<\/font>).)*<b\/>/);
    expect(files.get('xl/workbook.xml')).toContain(
      `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">'Inscriptions'!$A$1:$C$3</definedName></definedNames>`,
    );
    // The figures sheet has a frozen header but no filter.
    const figures = files.get('xl/worksheets/sheet2.xml') ?? '';
    expect(figures).toContain('state="frozen"');
    expect(figures).not.toContain('autoFilter');
  });

  it('writes the figures sheet as label/number rows', async () => {
    const sheets = await readExcelFile(Buffer.from(await bytesOf(input)), { trim: false });
    expect(sheets.map((s) => s.sheet)).toEqual(['Inscriptions', 'Synthèse']);
    expect(sheets[1]?.data).toEqual([
      ['Indicateur', 'Nombre'],
      ['Inscriptions', 2],
      ['Par catégorie', null],
      ['=Semi-marathon', 1],
    ]);
  });

  it('quotes a sheet name with an apostrophe in the filter range', async () => {
    const files = unzipEntries(await bytesOf({ table: { ...input.table, name: "L'Escalade" } }));
    expect(files.get('xl/workbook.xml')).toContain(`'L''Escalade'!$A$1:$C$3`);
  });
});

describe('buildXlsx: thousands of registrations', () => {
  // Past the slices the rows reach the engine in (engine/export), with every kind of demo answer. The time it
  // takes at 25,000 and 100,000 rows is the benchmark's (npm run bench), not a test's.
  it('reads back cell by cell', async () => {
    const registrations = getDemoDataset('2026-11-22')
      .registrationsOf(DEMO_EVENT_IDS.largeMarathon)
      .slice(0, 6_000);
    const questionIds = registrations[0]?.custom_questions.map((q) => q.que_id) ?? [];
    const wide: XlsxColumn[] = [
      { header: 'ID', type: 'number' },
      { header: 'Prénom', type: 'text' },
      { header: 'Nom', type: 'text' },
      { header: 'E-mail', type: 'text' },
      { header: 'Catégorie', type: 'number' },
      { header: 'Commande', type: 'text' },
      { header: 'Paiement', type: 'text' },
      ...questionIds.map((id): XlsxColumn => ({ header: `Question ${id}`, type: 'text' })),
    ];
    const rows = registrations.map((r) => [
      String(r.registration_id),
      r.first_name,
      r.last_name,
      r.email,
      r.category_id,
      r.order_id,
      r.payment_status,
      ...questionIds.map((id) => r.custom_questions.find((q) => q.que_id === id)?.reponse ?? ''),
    ]);
    expect(rows).toHaveLength(6_000);

    const bytes = await bytesOf({ table: { name: 'Inscriptions', columns: wide, rows } });
    const back = await readBack(bytes);

    const want = expected(
      wide,
      rows.map((row) => row.map((cell, i) => (i === 0 ? Number(cell) : cell))),
    );
    expect(back).toHaveLength(want.length);
    // Cell by cell, with the position in the message of the first difference.
    for (let r = 0; r < want.length; r++) expect(back[r], `row ${r}`).toEqual(want[r]);
  });
});
