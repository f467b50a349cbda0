import { insightsHandlers } from '@/engine/figures/insights-handler';
import { pageReaderHandlers } from '@/engine/loader/page-reader-answers';
import { createDeviceCopyEngine } from './copy/device-copy-handler';
import { demoHandlers } from './demo/demo-handler';
import { createEngineDemo } from './demo/engine-demo';
import { createEngineSync } from './sync/sync-handler';
import { engineContract } from './engine-contract';
import { exportHandlers } from './export/export-handler';
import { serveEngine, type Handlers } from './rpc/server';
import type { EnginePost, EngineReceiver } from './rpc/transport';

/**
 * The engine: every method of the contract, served on one message channel. The engine worker
 * runs it; so does the page where there is no Worker (tests in jsdom).
 */
export function startEngine(post: EnginePost): EngineReceiver {
  const demo = createEngineDemo();
  const copy = createDeviceCopyEngine((topic) => post({ kind: 'notice', topic, value: null }));
  const sync = createEngineSync(copy, demo);
  const handlers: Handlers<typeof engineContract> = {
    ...insightsHandlers(),
    ...copy.handlers,
    // A wipe (sign-out, a refused key) forgets the rows a stopped sync kept in memory too.
    'copy.wipe': (params, context) => {
      sync.forget();
      return copy.handlers['copy.wipe'](params, context);
    },
    ...pageReaderHandlers(demo),
    ...exportHandlers(),
    ...demoHandlers(demo),
    ...sync.handlers,
  };
  return serveEngine(engineContract, handlers, post);
}
