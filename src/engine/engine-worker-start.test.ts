import { newEngineWorker, startEngineWorkerEarly, takeEarlyEngineWorker } from './engine-worker-start';

/** A stand-in for the browser's Worker: records what the module does with it. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onerror: ((event: { preventDefault: () => void }) => void) | null = null;
  terminated = false;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => {
  takeEarlyEngineWorker();
  vi.unstubAllGlobals();
});

describe('the engine worker started by the page’s entry', () => {
  it('is the one the page’s connection takes, once; later connections start their own', () => {
    startEngineWorkerEarly();
    startEngineWorkerEarly();
    expect(FakeWorker.made).toHaveLength(1);
    expect(takeEarlyEngineWorker()).toBe(FakeWorker.made[0]);
    expect(takeEarlyEngineWorker()).toBeNull();
    expect(String(FakeWorker.made[0]!.url)).toMatch(/engine-worker/);
  });

  it('is not taken when it failed to load before the connection came: it is stopped instead', () => {
    startEngineWorkerEarly();
    const early = FakeWorker.made[0]!;
    const failure = { preventDefault: vi.fn() };
    early.onerror?.(failure);
    expect(failure.preventDefault).toHaveBeenCalled();
    expect(takeEarlyEngineWorker()).toBeNull();
    expect(early.terminated).toBe(true);
    expect(newEngineWorker()).toBeInstanceOf(FakeWorker);
  });

  it('hands the worker over without the listener it had while waiting', () => {
    startEngineWorkerEarly();
    expect(takeEarlyEngineWorker()?.onerror).toBeNull();
  });
});
