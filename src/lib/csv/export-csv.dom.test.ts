import { buildCsv, type BuildCsvInput } from './build-csv';
import { createCsvWorkerHandler, type CsvWorkerRequest, type CsvWorkerResponse } from './csv-worker-protocol';
import { downloadBlob } from './download-blob';
import { exportCsv } from './export-csv';

const input: BuildCsvInput = {
  headers: ['Nom', 'Commentaire'],
  rows: [
    ['Léa Müller', '=HYPERLINK("x")'],
    ['Zoë', 'a;b\r\nc'],
  ],
  preset: 'excel-fr',
};

async function bytesOf(blob: Blob): Promise<number[]> {
  return [...new Uint8Array(await blob.arrayBuffer())];
}

/** The exact bytes buildCsv's text becomes (Blob.text() would drop the BOM, so compare bytes). */
function expectedBytes(value: BuildCsvInput): number[] {
  return [...new TextEncoder().encode(buildCsv(value))];
}

describe('exportCsv without Worker (jsdom: main-thread fallback)', () => {
  it('runs in an environment without Worker', () => {
    expect(typeof Worker).toBe('undefined');
  });

  it('returns a UTF-8 CSV Blob with exactly buildCsv output, BOM included', async () => {
    const blob = await exportCsv(input);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(blob);
    expect(bytes).toEqual(expectedBytes(input));
    expect(bytes.slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('rejects with an AbortError when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(exportCsv(input, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects with an AbortError DOMException when aborted right after the call', async () => {
    const controller = new AbortController();
    const promise = exportCsv(input, { signal: controller.signal });
    controller.abort();
    const error: unknown = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('rejects an invalid table', async () => {
    await expect(exportCsv({ ...input, headers: [] })).rejects.toThrow(RangeError);
  });
});

/**
 * A stand-in for the browser Worker: it answers through the same handler csv-worker.ts uses,
 * unless `respond` is off (a long build still running).
 */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static respond = true;
  onmessage: ((event: MessageEvent<CsvWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  readonly requests: CsvWorkerRequest[] = [];
  private readonly handle = createCsvWorkerHandler();
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.instances.push(this);
  }
  postMessage(request: CsvWorkerRequest) {
    this.requests.push(request);
    if (!FakeWorker.respond) return;
    const response = this.handle(request);
    if (!response) return;
    queueMicrotask(() => {
      this.onmessage?.(new MessageEvent('message', { data: { id: response.id + 1000, error: 'stale' } }));
      this.onmessage?.(new MessageEvent('message', { data: response }));
    });
  }
  terminate() {
    this.terminated = true;
  }
}

describe('exportCsv with a Worker', () => {
  beforeEach(() => {
    FakeWorker.instances = [];
    FakeWorker.respond = true;
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds in a module worker, ignores replies to other requests, then terminates it', async () => {
    const blob = await exportCsv(input);
    expect(await bytesOf(blob)).toEqual(expectedBytes(input));
    const [worker] = FakeWorker.instances;
    expect(worker?.options).toEqual({ type: 'module' });
    expect(worker?.url.pathname).toMatch(/csv-worker\.ts$/);
    expect(worker?.terminated).toBe(true);
  });

  it('rejects with the worker error message', async () => {
    await expect(exportCsv({ ...input, rows: [['only one cell']] })).rejects.toThrow(/Row 0 has 1 cells/);
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });

  it('terminates the worker and rejects with an AbortError on abort', async () => {
    FakeWorker.respond = false;
    const controller = new AbortController();
    const promise = exportCsv(input, { signal: controller.signal });
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.instances[0]?.terminated).toBe(true);
  });
});

describe('the worker handler', () => {
  it('answers at the end with the Blob or the error message, under the request id', () => {
    const handle = createCsvWorkerHandler();
    expect(handle({ id: 7, kind: 'begin', headers: input.headers, preset: input.preset })).toBeNull();
    expect(handle({ id: 7, kind: 'rows', rows: input.rows })).toBeNull();
    const ok = handle({ id: 7, kind: 'end' })!;
    expect(ok).toMatchObject({ id: 7 });
    expect('blob' in ok && ok.blob.type).toBe('text/csv;charset=utf-8');
    handle({ id: 8, kind: 'begin', headers: [], preset: input.preset });
    expect(handle({ id: 8, kind: 'end' })).toEqual({
      id: 8,
      error: 'A CSV export needs at least one column.',
    });
  });

  it('sends a big table in chunks, each a short task, and the file is the same bytes', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.instances = [];
    FakeWorker.respond = true;
    const big: BuildCsvInput = {
      ...input,
      rows: Array.from({ length: 12_345 }, (_, i) => [`Nom ${i}`, i % 7 === 0 ? '=1+2' : `ligne ${i}`]),
    };
    const blob = await exportCsv(big);
    expect(await bytesOf(blob)).toEqual(expectedBytes(big));
    const chunks = FakeWorker.instances[0]!.requests.filter((request) => request.kind === 'rows');
    expect(chunks.length).toBe(3);
    vi.unstubAllGlobals();
  });
});

describe('downloadBlob', () => {
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    vi.useRealTimers();
  });

  it('clicks a temporary download link, then revokes the URL later', () => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/abc');
    const revoke = vi.fn();
    URL.revokeObjectURL = revoke;
    const clicked: { href: string; download: string; attached: boolean }[] = [];
    // jsdom does not navigate (it would log "not implemented"), so record the click instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    downloadBlob(new Blob(['x']), 'a.csv');

    expect(clicked).toEqual([{ href: 'blob:http://localhost/abc', download: 'a.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:http://localhost/abc');
  });
});
