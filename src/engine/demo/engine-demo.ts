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
  /** Loads the demo for `baseUrl` (once); rejects when it cannot be loaded. */
  start(baseUrl: string): Promise<void>;
  /** Answers a request under `baseUrl` (absolute) as the API would; a 404 for anything else. */
  answer(request: Request, baseUrl: string): Promise<Response>;
}

type Transport = (request: Request) => Promise<Response | undefined>;

export function createEngineDemo(): EngineDemo {
  /** One transport per base address: its handlers only answer under it. */
  const transports = new Map<string, Promise<Transport>>();
  const transportFor = (baseUrl: string): Promise<Transport> => {
    let transport = transports.get(baseUrl);
    if (!transport) {
      transport = import('@/mocks/browser/demo-transport').then((demo) => demo.createDemoTransport(baseUrl));
      // A failed import (offline, a deploy removed the file) is tried again by the next request.
      transport.catch(() => transports.delete(baseUrl));
      transports.set(baseUrl, transport);
    }
    return transport;
  };
  return {
    async start(baseUrl) {
      await transportFor(baseUrl);
    },
    async answer(request, baseUrl) {
      const transport = await transportFor(baseUrl);
      return (await transport(request)) ?? new Response(null, { status: 404 });
    },
  };
}
