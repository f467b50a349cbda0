import { handleXlsxRequest, xlsxRequestAssembler } from './handle-xlsx-request';
import { exportXlsx, prepareXlsxExport, XLSX_MIME_TYPE, type XlsxWorkbookInput } from './index';
import type { XlsxWorkerRequest, XlsxWorkerResponse } from './xlsx-worker-protocol';

const input: XlsxWorkbookInput = {
  table: {
    name: 'Inscriptions',
    columns: [
      { header: 'ID', type: 'number' },
      { header: 'Commentaire', type: 'text' },
    ],
    rows: [
      [1, '=HYPERLINK("x")'],
      [2, 'Zoë'],
    ],
  },
};

/** An .xlsx is a ZIP archive: it starts with the local file header "PK\x03\x04". */
async function isZip(blob: Blob): Promise<boolean> {
  const head = new Uint8Array(await blob.slice(0, 4).arrayBuffer());
  return [...head].join(',') === '80,75,3,4';
}

describe('exportXlsx without Worker (jsdom: main-thread fallback)', () => {
  it('runs in an environment without Worker', () => {
    expect(typeof Worker).toBe('undefined');
    expect(() => prepareXlsxExport()).not.toThrow();
  });

  it('builds the file through a dynamic import of the library', async () => {
    const blob = await exportXlsx(input);
    expect(blob.type).toBe(XLSX_MIME_TYPE);
    expect(await isZip(blob)).toBe(true);
  });

  it('rejects with an AbortError when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(exportXlsx(input, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects with an AbortError DOMException when aborted right after the call', async () => {
    const controller = new AbortController();
    const promise = exportXlsx(input, { signal: controller.signal });
    controller.abort();
    const error: unknown = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('rejects an invalid table', async () => {
    await expect(exportXlsx({ table: { ...input.table, columns: [] } })).rejects.toThrow(RangeError);
  });
});

/**
 * A stand-in for the browser Worker: it answers through the same handler xlsx-worker.ts
 * uses, unless `respond` is off (a long build still running).
 */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static respond = true;
  onmessage: ((event: MessageEvent<XlsxWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
  }
  private readonly assemble = xlsxRequestAssembler();
  postMessage(message: XlsxWorkerRequest) {
    const request = this.assemble(message);
    if (!FakeWorker.respond || !request) return;
    void handleXlsxRequest(request).then((response) => {
      this.onmessage?.(new MessageEvent('message', { data: { id: request.id + 1000, error: 'stale' } }));
      this.onmessage?.(new MessageEvent('message', { data: response }));
    });
  }
  terminate() {
    this.terminated = true;
  }
}

describe('exportXlsx with a Worker', () => {
  beforeEach(() => {
    FakeWorker.instances = [];
    FakeWorker.respond = true;
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds in a module worker, ignores replies to other requests, then terminates it', async () => {
    const blob = await exportXlsx(input);
    expect(await isZip(blob)).toBe(true);
    const [worker] = FakeWorker.instances;
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.url.pathname).toMatch(/xlsx-worker\.ts$/);
    expect(worker?.terminated).toBe(true);
  });

  it('uses the worker started when the menu opened, and starts only one ahead', async () => {
    prepareXlsxExport();
    prepareXlsxExport();
    expect(FakeWorker.instances).toHaveLength(1);
    await exportXlsx(input);
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });

  it('rejects with the worker error message', async () => {
    await expect(exportXlsx({ table: { ...input.table, rows: [[1]] } })).rejects.toThrow(/Row 0 has 1 cells/);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });

  it('rejects when the worker script fails to load', async () => {
    FakeWorker.respond = false;
    const promise = exportXlsx(input);
    const worker = FakeWorker.instances[0];
    worker?.onerror?.(new ErrorEvent('error', { message: 'Failed to fetch' }));
    await expect(promise).rejects.toThrow('The Excel worker failed: Failed to fetch');
    expect(worker?.terminated).toBe(true);
  });

  it('terminates the worker and rejects with an AbortError on abort', async () => {
    FakeWorker.respond = false;
    const controller = new AbortController();
    const promise = exportXlsx(input, { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });
});
