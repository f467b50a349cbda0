import type { Handlers } from '@/engine/rpc/server';
import type { BuildCsvInput, CsvCell } from '@/lib/csv/build-csv';
import type { XlsxCell, XlsxWorkbookInput } from '@/lib/xlsx/xlsx-table';
import { isCsvCell, type ExportRow, type exportContract } from './export-contract';

/**
 * The engine's export methods (export-contract.ts), plain functions so they also run in the
 * page where there is no Worker (tests in jsdom). The builders and their libraries (papaparse,
 * write-excel-file) are loaded with a dynamic import the first time an export or
 * `export.prepare` needs them, so the engine's first load does not carry them.
 *
 * The workbook is zipped by write-excel-file with fflate's asynchronous `zip()`, which
 * compresses every part of 160 kB or more in a nested worker started from a `blob:` URL.
 * It stays: it is the only way write-excel-file's public build zips, and it keeps the
 * compression of a big sheet (tens of megabytes of XML) off the engine's thread, so the engine
 * answers searches and figures meanwhile; writing the sheet's XML still holds the engine for
 * the seconds it takes. Where a Content-Security-Policy header on the engine's script forbids
 * `blob:` workers, the browser only reports a violation and fflate would wait for ever: the
 * engine listens for `securitypolicyviolation` and fails the workbooks being compressed.
 */

/**
 * How long an open export waits for its next slice of rows before it is dropped with them. The
 * page sends them one after another, yielding between them, and a background tab may hold the
 * page's timers for up to a minute.
 */
export const ROWS_WAIT_MS = 120_000;

/** Why a workbook fails when a Content-Security-Policy blocks its compression worker. */
export const CSP_BLOCKED_MESSAGE =
  "The Excel file could not be compressed: the site's Content-Security-Policy blocks blob: workers (worker-src).";

/** Where the engine hears of Content-Security-Policy violations: its worker's global scope. */
export interface ViolationSource {
  addEventListener(
    type: 'securitypolicyviolation',
    listener: (event: SecurityPolicyViolationEvent) => void,
  ): void;
}

/** The code that builds each format, loaded the first time it is needed. */
export interface ExportBuilders {
  readonly csv: () => Promise<{ readonly buildCsvBlob: (input: BuildCsvInput) => Blob }>;
  readonly xlsx: () => Promise<{ readonly buildXlsx: (input: XlsxWorkbookInput) => Promise<Blob> }>;
}

/** The builders of src/lib, each with its library, in a chunk of its own. */
const LIBRARY_BUILDERS: ExportBuilders = {
  csv: () => import('@/lib/csv/build-csv'),
  xlsx: () => import('@/lib/xlsx/build-xlsx'),
};

export interface ExportHandlerOptions {
  /** null: nowhere (Node has no such events). */
  readonly violations?: ViolationSource | null;
  readonly rowsWaitMs?: number;
  /** Tests: builders that fail, or take their time. */
  readonly builders?: ExportBuilders;
}

/** The global scope the engine runs in, when it has events (a worker's, or the page's). */
const ownScope = (): ViolationSource | null => ('addEventListener' in globalThis ? globalThis : null);

/** The rows of an open export, and the slices' way in. */
interface OpenExport {
  /** Takes a slice; false when the export is no longer open (this slice failed it, say). */
  readonly take: (slice: readonly ExportRow[]) => boolean;
}

interface Receiving {
  /** Every row once the last slice came; rejects when cancelled or when the slices fail it. */
  readonly rows: Promise<ExportRow[]>;
  /** Forgets the export and its rows (done, or failed). */
  readonly close: () => void;
}

export function exportHandlers({
  violations = ownScope(),
  rowsWaitMs = ROWS_WAIT_MS,
  builders = LIBRARY_BUILDERS,
}: ExportHandlerOptions = {}): Handlers<typeof exportContract> {
  const open = new Map<number, OpenExport>();
  /** How to fail each workbook being built, when a policy blocks its compression. */
  const building = new Set<(error: Error) => void>();

  violations?.addEventListener('securitypolicyviolation', (event) => {
    if (event.effectiveDirective !== 'worker-src' || !event.blockedURI.startsWith('blob')) return;
    for (const fail of building) fail(new Error(CSP_BLOCKED_MESSAGE));
    building.clear();
  });

  /**
   * Opens export `exportId`, which waits for `expected` rows after `first`, every cell of
   * them passing `accepts`. Opened at once, before anything is awaited: the slices the page
   * sends right after the opening call find it.
   */
  const receive = (
    exportId: number,
    expected: number,
    first: readonly ExportRow[],
    accepts: (cell: XlsxCell) => boolean,
    signal: AbortSignal,
  ): Receiving => {
    let close = () => {};
    const rows = new Promise<ExportRow[]>((resolve, reject) => {
      const received = [...first];
      const total = first.length + expected;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const entry: OpenExport = {
        take: (slice) => {
          if (received.length + slice.length > total) {
            fail(new RangeError(`more rows came than the ${total} announced.`));
            return false;
          }
          if (!slice.every((row) => row.every(accepts))) {
            fail(new TypeError('a row holds a cell this format cannot write.'));
            return false;
          }
          for (const row of slice) received.push(row);
          settleOrWait();
          return true;
        },
      };
      close = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        if (open.get(exportId) === entry) open.delete(exportId);
      };
      const fail = (error: Error) => {
        close();
        reject(error);
      };
      // The page's reason (its AbortError), though nothing is answered once cancelled.
      const onAbort = () => fail(signal.reason as Error);
      const settleOrWait = () => {
        clearTimeout(timer);
        if (received.length < total)
          timer = setTimeout(
            () => fail(new Error(`the rows stopped coming (${received.length} of ${total}).`)),
            rowsWaitMs,
          );
        else {
          close();
          resolve(received);
        }
      };
      // Never two exports under one number: their slices could not be told apart.
      if (open.has(exportId)) return reject(new Error(`export ${exportId} is already open.`));
      open.set(exportId, entry);
      signal.addEventListener('abort', onAbort, { once: true });
      settleOrWait();
    });
    return { rows, close: () => close() };
  };

  /** The workbook `build` makes, or the failure a blocked compression worker stands for. */
  const watched = (build: Promise<Blob>): Promise<Blob> =>
    new Promise<Blob>((resolve, reject) => {
      building.add(reject);
      build.then(resolve, reject).finally(() => building.delete(reject));
    });

  return {
    'export.csv': ({ exportId, rows, headers, preset }, { signal }) => {
      const table = receive(exportId, rows, [], isCsvCell, signal);
      const builder = builders.csv();
      return (async () => {
        try {
          const [received, { buildCsvBlob }] = await Promise.all([table.rows, builder]);
          signal.throwIfAborted();
          // Every cell passed isCsvCell on its way in.
          return buildCsvBlob({ headers, preset, rows: received as (readonly CsvCell[])[] });
        } finally {
          table.close();
        }
      })();
    },
    'export.xlsx': ({ exportId, rows, workbook }, { signal }) => {
      const table = receive(exportId, rows, workbook.table.rows, () => true, signal);
      const builder = builders.xlsx();
      return (async () => {
        try {
          const [received, { buildXlsx }] = await Promise.all([table.rows, builder]);
          signal.throwIfAborted();
          return await watched(buildXlsx({ ...workbook, table: { ...workbook.table, rows: received } }));
        } finally {
          table.close();
        }
      })();
    },
    'export.rows': ({ exportId, rows }) => open.get(exportId)?.take(rows) ?? false,
    'export.prepare': async ({ format }): Promise<true> => {
      await builders[format]();
      return true;
    },
  };
}
