/**
 * The built-in demo API, run in the engine: the same msw handlers as the tests and the HTTP
 * server (src/mocks/browser/demo-transport.ts), loaded through a dynamic import() the first
 * time a demo session asks, so users of a real API never download msw or the demo data.
 *
 * One copy of the demo's data lives here, for every request of the tab: the page's (through
 * `demo.answer`) and the engine's own loads. So a day the demo moves forward is seen by both,
 * and the demo's rows are generated off the page's main thread.
 */
export interface EngineDemo {
  /** Loads the demo for `baseUrl` (once) and gives the main demo promoter's key; rejects when it cannot be loaded. */
  start(baseUrl: string): Promise<string>;
  /** Answers a request under `baseUrl` (absolute) as the API would; a 404 for anything else. */
  answer(request: Request, baseUrl: string): Promise<Response>;
}

type Transport = (request: Request) => Promise<Response | undefined>;
interface LoadedDemo {
  readonly transport: Transport;
  /** The main demo promoter's key (the demo's keys stay in its own lazily loaded code). */
  readonly apiKey: string;
}

/**
 * msw keeps a cookie store in `localStorage`, which it requires to exist when it loads in a
 * browser-like place; a worker has none. The demo sets no cookie, so a store that lasts as long
 * as the worker does is enough: given only where there is no localStorage (the engine worker).
 */
function giveMswACookieStore(): void {
  if (typeof localStorage !== 'undefined') return;
  const items = new Map<string, string>();
  const storage: Storage = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true });
}

export function createEngineDemo(): EngineDemo {
  /** One transport per base address: its handlers only answer under it. */
  const transports = new Map<string, Promise<LoadedDemo>>();
  const transportFor = (baseUrl: string): Promise<LoadedDemo> => {
    let transport = transports.get(baseUrl);
    if (!transport) {
      giveMswACookieStore();
      transport = import('@/mocks/browser/demo-transport').then((demo) => ({
        transport: demo.createDemoTransport(baseUrl),
        apiKey: demo.DEMO_KEYS.alpine,
      }));
      // A failed import (offline, a deploy removed the file) is tried again by the next request.
      transport.catch(() => transports.delete(baseUrl));
      transports.set(baseUrl, transport);
    }
    return transport;
  };
  return {
    async start(baseUrl) {
      return (await transportFor(baseUrl)).apiKey;
    },
    async answer(request, baseUrl) {
      const { transport } = await transportFor(baseUrl);
      return (await transport(request)) ?? new Response(null, { status: 404 });
    },
  };
}
