import { buildCsv, type BuildCsvInput } from '@/lib/csv/build-csv';
import { buildXlsx } from '@/lib/xlsx/build-xlsx';
import { XLSX_MIME_TYPE } from '@/lib/xlsx';
import { createEngineClient } from '../rpc/client';
import { isEngineError } from '../rpc/engine-error';
import { serveEngine } from '../rpc/server';
import { inPageTransport, type EngineTransport } from '../rpc/transport';
import {
  exportClientOf,
  exportCsv,
  exportXlsx,
  prepareCsvExport,
  prepareXlsxExport,
  ROWS_PER_SLICE,
} from './export-client';
import { exportContract } from './export-contract';
import { csv, workbook } from './testing/export-inputs';
import { exportHandlers } from './export-handler';

const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];

/** The exact bytes buildCsv's text becomes (Blob.text() would drop the BOM, so compare bytes). */
const expectedBytes = (input: BuildCsvInput) => [...new TextEncoder().encode(buildCsv(input))];

/** How an aborted export rejects: the AbortError DOMException the screens ignore. */
const isExportAbort = (what: string) => (error: unknown) =>
  error instanceof DOMException &&
  error.name === 'AbortError' &&
  error.message === `The ${what} export was aborted.`;

/** An engine run in the page, its export methods only; `methods` lists the calls the page made. */
function inPageEngine() {
  const client = createEngineClient(exportContract, () =>
    inPageTransport((post) => serveEngine(exportContract, exportHandlers({ violations: null }), post)),
  );
  const methods: string[] = [];
  const call: typeof client.call = (method, params, options) => {
    methods.push(method);
    return client.call(method, params, options);
  };
  return { exports: exportClientOf({ call }), call, methods };
}

/** An engine whose worker dies as soon as it is sent anything. */
function dyingTransport(): EngineTransport {
  let failed = () => {};
  return {
    post: () => void setTimeout(() => failed()),
    onMessage: () => {},
    onFailure: (listener) => void (failed = listener),
    close: () => {},
  };
}

describe('the exports where there is no Worker (jsdom: the engine runs in the page)', () => {
  afterEach(() => vi.useRealTimers());

  it('runs in an environment without Worker, where preparing does nothing', () => {
    expect(typeof Worker).toBe('undefined');
    expect(() => prepareCsvExport()).not.toThrow();
    expect(() => prepareXlsxExport()).not.toThrow();
  });

  it('builds a UTF-8 CSV Blob with exactly buildCsv’s output, BOM included', async () => {
    const blob = await exportCsv(csv);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blob);
    expect(bytes).toEqual(expectedBytes(csv));
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('builds the workbook buildXlsx builds, the library loaded by a dynamic import', async () => {
    // One clock for both builds: the archive holds each part's time.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-20T09:30:00Z') });
    const blob = await exportXlsx(workbook);
    expect(blob.type).toBe(XLSX_MIME_TYPE);
    expect(await bytesOf(blob)).toEqual(await bytesOf(await buildXlsx(workbook)));
  });

  it('rejects a table that cannot be built with a clear error', async () => {
    await expect(exportCsv({ ...csv, headers: [] })).rejects.toSatisfy(
      (error) =>
        isEngineError(error, 'failed') && /A CSV export needs at least one column/.test(error.message),
    );
    await expect(exportXlsx({ table: { ...workbook.table, rows: [[1]] } })).rejects.toSatisfy(
      (error) => isEngineError(error, 'failed') && /Row 0 has 1 cells/.test(error.message),
    );
  });
});

describe('aborting an export', () => {
  it('rejects with an AbortError when the signal is already aborted, and asks the engine nothing', async () => {
    const { exports, methods } = inPageEngine();
    const controller = new AbortController();
    controller.abort();
    await expect(exports.exportCsv(csv, { signal: controller.signal })).rejects.toSatisfy(
      isExportAbort('CSV'),
    );
    await expect(exports.exportXlsx(workbook, { signal: controller.signal })).rejects.toSatisfy(
      isExportAbort('Excel'),
    );
    expect(methods).toEqual([]);
  });

  it('rejects with an AbortError DOMException when aborted right after the call', async () => {
    const controller = new AbortController();
    const promise = exportCsv(csv, { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toSatisfy(isExportAbort('CSV'));
    const other = new AbortController();
    const workbookPromise = exportXlsx(workbook, { signal: other.signal });
    other.abort();
    await expect(workbookPromise).rejects.toSatisfy(isExportAbort('Excel'));
  });

  it('stops sending the rows, and the engine refuses what comes after', async () => {
    const { exports, methods, call } = inPageEngine();
    const controller = new AbortController();
    const big = { ...csv, rows: Array.from({ length: 6 * ROWS_PER_SLICE }, (_, i) => [`Nom ${i}`, `${i}`]) };
    const promise = exports.exportCsv(big, { signal: controller.signal });
    // The first slice goes with the opening call; the page yields before the next one.
    expect(methods).toEqual(['export.csv', 'export.rows']);
    controller.abort();
    await expect(promise).rejects.toSatisfy(isExportAbort('CSV'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(methods).toEqual(['export.csv', 'export.rows']);
    // The engine dropped the export and the slice it held (the page's first export is number 1).
    expect(await call('export.rows', { exportId: 1, rows: [['a', 'b']] })).toBe(false);
  });
});

describe('an export the engine cannot answer', () => {
  it('rejects when the engine stops', async () => {
    const exports = exportClientOf(createEngineClient(exportContract, dyingTransport));
    await expect(exports.exportCsv(csv)).rejects.toSatisfy((error) => isEngineError(error, 'crashed'));
    const big = {
      ...workbook,
      table: { ...workbook.table, rows: Array.from({ length: 3 * ROWS_PER_SLICE }, (_, i) => [i, 'x']) },
    };
    await expect(exports.exportXlsx(big)).rejects.toSatisfy((error) => isEngineError(error, 'crashed'));
  });
});

describe('preparing an export', () => {
  it('asks the engine to load the builder, and never fails', async () => {
    const { exports, methods } = inPageEngine();
    exports.prepare('xlsx');
    expect(methods).toEqual(['export.prepare']);
    const dying = exportClientOf(createEngineClient(exportContract, dyingTransport));
    expect(() => dying.prepare('csv')).not.toThrow();
    // Its rejection is handled: an unhandled one would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
});
