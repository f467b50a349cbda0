// @vitest-environment node
import { readSheet } from 'read-excel-file/node';
import { buildXlsx } from '@/lib/xlsx/build-xlsx';
import { DEMO_EVENT_IDS, TRICKY_ANSWERS } from '@/mocks/data';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { registrationsWorkbook, xlsxColumnType } from './registrations-workbook';

describe('registrationsWorkbook', () => {
  it('types the id column as numbers and every other column as text', () => {
    expect(['registration_id', 'first_name', 'order_id', 'q:100301'].map(xlsxColumnType)).toEqual([
      'number',
      'text',
      'text',
      'text',
    ]);
  });

  it('refuses column ids that do not match the headers', () => {
    expect(() =>
      registrationsWorkbook({ columnIds: ['a'], table: { headers: ['A', 'B'], rows: [] }, sheetName: 'T' }),
    ).toThrow(RangeError);
  });

  it('writes the table as shown, tricky answers as text, and the figures sheet', async () => {
    const { registrations, questions } = demoEvent(DEMO_EVENT_IDS.trickySmall);
    const columnIds = ['registration_id', 'last_name', ...questions.map((q) => `q:${q.que_id}`)];
    const rows = registrations.map((r) => [
      String(r.registration_id),
      r.last_name ?? '',
      ...questions.map((q) => r.custom_questions.find((a) => a.que_id === q.que_id)?.reponse ?? ''),
    ]);
    const workbook = registrationsWorkbook({
      columnIds,
      table: { headers: ['ID', 'Nom', ...questions.map((q) => q.fr)], rows },
      sheetName: 'Inscriptions',
      figures: {
        sheetName: 'Synthèse',
        headers: ['Indicateur', 'Nombre'],
        rows: [{ label: 'Inscriptions', value: 45 }],
      },
    });
    const bytes = Buffer.from(await (await buildXlsx(workbook)).arrayBuffer());
    const table = await readSheet(bytes, { trim: false });
    expect(table.slice(1).map((row) => row[0])).toEqual(registrations.map((r) => r.registration_id));
    const answers = table.slice(1).flatMap((row) => row.slice(2));
    for (const tricky of TRICKY_ANSWERS) expect(answers).toContain(tricky);
    expect(await readSheet(bytes, 'Synthèse')).toEqual([
      ['Indicateur', 'Nombre'],
      ['Inscriptions', 45],
    ]);
  });
});
