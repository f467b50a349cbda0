import { buildCsv, type BuildCsvInput } from '@/lib/csv/build-csv';
import { buildXlsx } from '@/lib/xlsx/build-xlsx';
import type { XlsxWorkbookInput } from '@/lib/xlsx/xlsx-table';
import { createEngineClient } from '../rpc/client';
import { isEngineError } from '../rpc/engine-error';
import type { EngineReply } from '../rpc/messages';
import { serveEngine } from '../rpc/server';
import { inPageTransport } from '../rpc/transport';
import { exportClientOf, ROWS_PER_SLICE } from './export-client';
import { exportContract } from './export-contract';
import { csv, workbook as tableOnly } from './testing/export-inputs';
import {
  CSP_BLOCKED_MESSAGE,
  exportHandlers,
  type ExportBuilders,
  type ExportHandlerOptions,
  type ViolationSource,
} from './export-handler';
import { waitUntil } from '../../../test/wait-until';

const workbook: XlsxWorkbookInput = {
  ...tableOnly,
  figures: { name: 'Synthèse', headers: ['Indicateur', 'Nombre'], rows: [{ label: 'Total', value: 2 }] },
};

const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

/** The engine's export methods behind the real RPC, run in the page; `methods` lists the calls made. */
function engine(options: ExportHandlerOptions = {}) {
  const client = createEngineClient(exportContract, () =>
    inPageTransport((post) =>
      serveEngine(exportContract, exportHandlers({ violations: null, ...options }), post),
    ),
  );
  const methods: string[] = [];
  const call: typeof client.call = (method, params, callOptions) => {
    methods.push(method);
    return client.call(method, params, callOptions);
  };
  return { call, methods, exports: exportClientOf({ call }) };
}

/**
 * The engine's export methods served on a bare message channel: what the engine posts, as it
 * posts it (nothing hides an answer sent after a cancel).
 */
function bareEngine(options: ExportHandlerOptions = {}) {
  const replies: EngineReply[] = [];
  const receive = serveEngine(exportContract, exportHandlers({ violations: null, ...options }), (reply) =>
    replies.push(reply),
  );
  let nextId = 1;
  const call = (method: string, params: unknown) => {
    const id = nextId++;
    receive({ kind: 'call', id, method, params });
    return id;
  };
  const cancel = (id: number) => receive({ kind: 'cancel', id });
  const answerTo = (id: number) => replies.find((reply) => 'id' in reply && reply.id === id);
  return { call, cancel, replies, answerTo };
}

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => [`Nom ${i}`, i % 7 === 0 ? '=1+2' : `ligne ${i}`]);

describe('the engine’s CSV export', () => {
  it('builds the file from rows sent in slices: the bytes of buildCsv, BOM included', async () => {
    const { exports, methods } = engine();
    const big: BuildCsvInput = { ...csv, rows: rowsOf(2 * ROWS_PER_SLICE + 345) };
    const blob = await exports.exportCsv(big);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blob);
    expect(bytes).toEqual([...new TextEncoder().encode(buildCsv(big))]);
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(methods).toEqual(['export.csv', 'export.rows', 'export.rows', 'export.rows']);
  });

  it('builds a table without rows, with no slice sent', async () => {
    const { exports, methods } = engine();
    const blob = await exports.exportCsv({ ...csv, rows: [] });
    expect(await blob.text()).toBe('Nom;Commentaire');
    expect(methods).toEqual(['export.csv']);
  });

  it('answers a table that cannot be built with the builder’s message', async () => {
    const { exports } = engine();
    await expect(exports.exportCsv({ ...csv, headers: [] })).rejects.toSatisfy(
      (error) =>
        isEngineError(error, 'failed') &&
        error.message === 'export.csv: A CSV export needs at least one column.',
    );
    await expect(exports.exportCsv({ ...csv, rows: [...csv.rows, ['only one cell']] })).rejects.toSatisfy(
      (error) =>
        isEngineError(error, 'failed') && /Row 2 has 1 cells; the table has 2 columns/.test(error.message),
    );
  });

  it('refuses a number in a CSV row, and more rows than announced, and drops the export', async () => {
    const { call, answerTo, replies } = bareEngine();
    const opened = call('export.csv', { exportId: 1, rows: 2, headers: ['A'], preset: 'utf8' });
    const slice = call('export.rows', { exportId: 1, rows: [[42]] });
    await waitUntil(() => expect(answerTo(opened)).toBeDefined());
    expect(answerTo(slice)).toMatchObject({ kind: 'result', value: false });
    expect(answerTo(opened)).toMatchObject({ kind: 'error', code: 'failed' });
    expect(answerTo(opened)).toHaveProperty('message', expect.stringMatching(/cannot write/));

    const again = call('export.csv', { exportId: 2, rows: 1, headers: ['A'], preset: 'utf8' });
    const tooMany = call('export.rows', { exportId: 2, rows: [['a'], ['b']] });
    await waitUntil(() => expect(answerTo(again)).toBeDefined());
    expect(answerTo(tooMany)).toMatchObject({ kind: 'result', value: false });
    expect(answerTo(again)).toHaveProperty(
      'message',
      expect.stringMatching(/more rows came than the 1 announced/),
    );
    // Either export is gone: a late slice finds nothing to add to.
    const late = call('export.rows', { exportId: 2, rows: [['c']] });
    await waitUntil(() => expect(answerTo(late)).toMatchObject({ kind: 'result', value: false }));
    expect(replies).toHaveLength(5);
  });

  it('refuses a second export under a number still open', async () => {
    const { call, answerTo } = bareEngine();
    const first = call('export.csv', { exportId: 1, rows: 1, headers: ['A'], preset: 'utf8' });
    const second = call('export.csv', { exportId: 1, rows: 1, headers: ['A'], preset: 'utf8' });
    await waitUntil(() => expect(answerTo(second)).toBeDefined());
    expect(answerTo(second)).toHaveProperty('message', expect.stringMatching(/export 1 is already open/));
    // The first one still takes its rows.
    call('export.rows', { exportId: 1, rows: [['a']] });
    await waitUntil(() => expect(answerTo(first)).toMatchObject({ kind: 'result' }));
  });

  it('drops a cancelled export: no answer, and its later slices are refused', async () => {
    let built = 0;
    const builders: ExportBuilders = {
      csv: async () => {
        const { buildCsvBlob } = await import('@/lib/csv/build-csv');
        return { buildCsvBlob: (input) => (built++, buildCsvBlob(input)) };
      },
      xlsx: () => import('@/lib/xlsx/build-xlsx'),
    };
    const { call, cancel, answerTo, replies } = bareEngine({ builders });
    const opened = call('export.csv', { exportId: 1, rows: 3, headers: ['A'], preset: 'utf8' });
    const first = call('export.rows', { exportId: 1, rows: [['a'], ['b']] });
    cancel(opened);
    const rest = call('export.rows', { exportId: 1, rows: [['c']] });
    await waitUntil(() => expect(answerTo(rest)).toBeDefined());
    expect(answerTo(first)).toMatchObject({ kind: 'result', value: true });
    expect(answerTo(rest)).toMatchObject({ kind: 'result', value: false });
    // Whatever the engine was still doing for it, it answers nothing and builds nothing.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answerTo(opened)).toBeUndefined();
    expect(replies).toHaveLength(2);
    expect(built).toBe(0);
  });

  it('drops an export whose rows stop coming', async () => {
    const { call, answerTo } = bareEngine({ rowsWaitMs: 20 });
    const opened = call('export.csv', { exportId: 1, rows: 3, headers: ['A'], preset: 'utf8' });
    call('export.rows', { exportId: 1, rows: [['a'], ['b']] });
    await waitUntil(() => expect(answerTo(opened)).toBeDefined());
    expect(answerTo(opened)).toMatchObject({
      kind: 'error',
      code: 'failed',
      message: 'export.csv: the rows stopped coming (2 of 3).',
    });
    const late = call('export.rows', { exportId: 1, rows: [['c']] });
    await waitUntil(() => expect(answerTo(late)).toMatchObject({ kind: 'result', value: false }));
  });

  it('answers a builder that could not be loaded, and forgets the export', async () => {
    const builders: ExportBuilders = {
      csv: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      xlsx: () => import('@/lib/xlsx/build-xlsx'),
    };
    const { call, answerTo } = bareEngine({ builders });
    const opened = call('export.csv', { exportId: 1, rows: 2, headers: ['A'], preset: 'utf8' });
    await waitUntil(() => expect(answerTo(opened)).toBeDefined());
    expect(answerTo(opened)).toHaveProperty(
      'message',
      'export.csv: Failed to fetch dynamically imported module',
    );
    const late = call('export.rows', { exportId: 1, rows: [['a']] });
    await waitUntil(() => expect(answerTo(late)).toMatchObject({ kind: 'result', value: false }));
  });
});

describe('the engine’s Excel export', () => {
  afterEach(() => vi.useRealTimers());

  it('builds the workbook from rows sent in slices: the same file as buildXlsx', async () => {
    // One clock for both builds: the archive holds each part's time.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T09:30:00Z') });
    const { exports, methods } = engine();
    const rows = Array.from({ length: ROWS_PER_SLICE + 1 }, (_, i) => [i + 1, `Nom ${i}`]);
    const big: XlsxWorkbookInput = { ...workbook, table: { ...workbook.table, rows } };
    const blob = await exports.exportXlsx(big);
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await bytesOf(blob)).toEqual(await bytesOf(await buildXlsx(big)));
    expect(methods).toEqual(['export.xlsx', 'export.rows', 'export.rows']);
  });

  it('answers a workbook that cannot be built with the builder’s message', async () => {
    const { exports } = engine();
    await expect(exports.exportXlsx({ table: { ...workbook.table, columns: [] } })).rejects.toSatisfy(
      (error) =>
        isEngineError(error, 'failed') &&
        error.message === 'export.xlsx: An Excel export needs at least one column.',
    );
    await expect(exports.exportXlsx({ table: { ...workbook.table, rows: [[1]] } })).rejects.toSatisfy(
      (error) => isEngineError(error, 'failed') && /Row 0 has 1 cells/.test(error.message),
    );
  });

  /** A workbook build that waits until released; a worker scope whose violations the test sends. */
  function blockedCompression() {
    let listener: ((event: SecurityPolicyViolationEvent) => void) | null = null;
    const violations: ViolationSource = { addEventListener: (_type, heard) => void (listener = heard) };
    const violate = (effectiveDirective: string, blockedURI: string) =>
      listener?.({ effectiveDirective, blockedURI } as SecurityPolicyViolationEvent);
    let building = 0;
    let release = () => {};
    const builders: ExportBuilders = {
      csv: () => import('@/lib/csv/build-csv'),
      xlsx: () =>
        Promise.resolve({
          buildXlsx: (input: XlsxWorkbookInput) => {
            building++;
            return new Promise<Blob>((resolve) => (release = () => resolve(new Blob([input.table.name]))));
          },
        }),
    };
    return { violations, violate, builders, building: () => building, release: () => release() };
  }

  it('fails the workbook at once when a policy blocks its compression worker, and only once', async () => {
    const blocked = blockedCompression();
    const { call, answerTo, replies } = bareEngine(blocked);
    const opened = call('export.xlsx', { exportId: 1, rows: 0, workbook });
    await waitUntil(() => expect(blocked.building()).toBe(1));
    blocked.violate('worker-src', 'blob');
    await waitUntil(() => expect(answerTo(opened)).toBeDefined());
    expect(answerTo(opened)).toMatchObject({
      kind: 'error',
      code: 'failed',
      message: `export.xlsx: ${CSP_BLOCKED_MESSAGE}`,
    });
    // The build that was running does not answer a second time.
    blocked.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(replies).toHaveLength(1);
  });

  it('ignores other violations', async () => {
    const blocked = blockedCompression();
    const { call, answerTo } = bareEngine(blocked);
    const opened = call('export.xlsx', { exportId: 1, rows: 0, workbook });
    await waitUntil(() => expect(blocked.building()).toBe(1));
    blocked.violate('img-src', 'https://example.org');
    blocked.violate('worker-src', 'https://cdn.example.org/w.js');
    blocked.release();
    await waitUntil(() => expect(answerTo(opened)).toMatchObject({ kind: 'result' }));
  });
});

describe('export.prepare', () => {
  it('loads the builder of the format asked for', async () => {
    const loaded: string[] = [];
    const builders: ExportBuilders = {
      csv: () => (loaded.push('csv'), import('@/lib/csv/build-csv')),
      xlsx: () => (loaded.push('xlsx'), import('@/lib/xlsx/build-xlsx')),
    };
    const { call } = engine({ builders });
    expect(await call('export.prepare', { format: 'xlsx' })).toBe(true);
    expect(loaded).toEqual(['xlsx']);
  });

  it('is fire and forget in the page, even when the engine cannot load the builder', async () => {
    const builders: ExportBuilders = {
      csv: () => Promise.reject(new Error('offline')),
      xlsx: () => Promise.reject(new Error('offline')),
    };
    const { exports, methods } = engine({ builders });
    expect(() => exports.prepare('csv')).not.toThrow();
    await waitUntil(() => expect(methods).toEqual(['export.prepare']));
  });
});
