import { insightsHandlers } from '@/engine/figures/insights-handler';
import { pageReaderHandlers } from '@/engine/loader/page-reader-answers';
import { deviceCopyHandlers } from './copy/device-copy-handler';
import { demoHandlers } from './demo/demo-handler';
import { createEngineDemo } from './demo/engine-demo';
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
  const handlers: Handlers<typeof engineContract> = {
    ...insightsHandlers(),
    ...deviceCopyHandlers((topic) => post({ kind: 'notice', topic, value: null })),
    ...pageReaderHandlers(demo),
    ...exportHandlers(),
    ...demoHandlers(demo),
  };
  return serveEngine(engineContract, handlers, post);
}
