/*
 * The service worker itself only runs in a real browser (see the e2e suite); here msw's
 * setupWorker is replaced by a fake to check the lifecycle rules around it.
 */
import type { HttpHandler } from 'msw';

const fake = vi.hoisted(() => ({
  setupCalls: 0,
  handlers: [] as unknown[],
  start: vi.fn<(options: unknown) => Promise<undefined>>(),
  stop: vi.fn<() => void>(),
}));

vi.mock('msw/browser', () => ({
  setupWorker: (...handlers: unknown[]) => {
    fake.setupCalls += 1;
    fake.handlers = handlers;
    return {
      start: fake.start,
      stop: fake.stop,
      resetHandlers: (...next: unknown[]) => {
        fake.handlers = next;
      },
    };
  },
}));

const { startDemoWorker, stopDemoWorker, DEMO_KEYS } = await import('./start-demo-worker');

function registration(scriptURL: string) {
  return {
    active: { scriptURL },
    waiting: null,
    installing: null,
    unregister: vi.fn(() => Promise.resolve(true)),
  };
}

function paths(): string[] {
  return (fake.handlers as HttpHandler[]).map((handler) => String(handler.info.path));
}

beforeEach(() => {
  fake.setupCalls = 0;
  fake.start.mockResolvedValue(undefined);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await stopDemoWorker();
});

describe('startDemoWorker / stopDemoWorker', () => {
  it('starts quietly, bypasses unmatched requests and binds handlers to the base URL only', async () => {
    await startDemoWorker('/demo-api');
    expect(fake.start).toHaveBeenCalledWith({
      quiet: true,
      onUnhandledFrame: 'bypass',
      serviceWorker: { url: '/mockServiceWorker.js' },
    });
    const origin = globalThis.location.origin;
    expect(paths()).toContain(`${origin}/demo-api/v1/events`);
    // The demo's own request to move in time, answered by the worker like the API.
    expect(paths()).toContain(`${origin}/demo-api/__demo/advance`);
    expect(paths().every((path) => path.startsWith(`${origin}/demo-api/`))).toBe(true);
    expect(DEMO_KEYS.alpine).toBe('demo-alpine-7f3a');
  });

  it('shares one worker between overlapping starts and rebinds on a new base URL', async () => {
    await Promise.all([startDemoWorker('/demo-api'), startDemoWorker('/demo-api')]);
    await startDemoWorker('http://localhost:9999/other');
    expect(fake.setupCalls).toBe(1);
    expect(paths()).toContain('http://localhost:9999/other/v1/events');
  });

  it('stops the worker and unregisters only the mock service worker', async () => {
    const mock = registration('http://localhost:3000/mockServiceWorker.js');
    const other = registration('http://localhost:3000/sw.js');
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistrations: vi.fn(() => Promise.resolve([mock, other])) },
    });
    await startDemoWorker('/demo-api');
    await stopDemoWorker();
    expect(fake.stop).toHaveBeenCalled();
    expect(mock.unregister).toHaveBeenCalled();
    expect(other.unregister).not.toHaveBeenCalled();
  });

  it('can retry after a failed start', async () => {
    fake.start.mockRejectedValueOnce(new Error('no worker script'));
    await expect(startDemoWorker('/demo-api')).rejects.toThrow('no worker script');
    await startDemoWorker('/demo-api');
    expect(fake.setupCalls).toBe(2);
  });
});
