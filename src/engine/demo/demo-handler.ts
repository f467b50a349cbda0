import { transferResult, type Handlers } from '@/engine/rpc/server';
import type { demoContract } from './demo-contract';
import type { EngineDemo } from './engine-demo';

/** The engine's `demo.answer`: the page's requests of a demo session, answered by the engine's demo. */
export function demoHandlers(demo: EngineDemo): Handlers<typeof demoContract> {
  return {
    'demo.start': async ({ baseUrl }) => ({ apiKey: await demo.start(baseUrl) }),
    'demo.answer': async ({ baseUrl, url, method, headers }) => {
      const response = await demo.answer(new Request(url, { method, headers }), baseUrl);
      const body = await response.arrayBuffer();
      return transferResult({ status: response.status, headers: [...response.headers], body }, [body]);
    },
  };
}
