import { insightsHandlers } from '@/engine/figures/insights-handler';
import { createDeviceCopyEngine } from './copy/device-copy-handler';
import { demoHandlers } from './demo/demo-handler';
import { createEngineDemo } from './demo/engine-demo';
import { createEngineSync } from './sync/sync-handler';
import { EventLists } from './sync/event-lists';
import { listHandlers } from './sync/list-handler';
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
  const notify = (topic: string, value: unknown) => post({ kind: 'notice', topic, value });
  const copy = createDeviceCopyEngine((topic) => notify(topic, null));
  const sync = createEngineSync(copy, demo, notify);
  const lists = new EventLists();
  const insights = insightsHandlers(lists);
  const handlers: Handlers<typeof engineContract> = {
    ...insights,
    // The page's cache dropped an event's rows (or every event's): the engine drops them too.
    'insights.forget': (params, context) => {
      lists.forget(params.eventId);
      return insights['insights.forget'](params, context);
    },
    ...copy.handlers,
    // A wipe (sign-out, a refused key) forgets the rows the engine kept in memory too.
    'copy.wipe': (params, context) => {
      sync.forget();
      lists.forget(null);
      void insights['insights.forget']({ eventId: null }, context);
      return copy.handlers['copy.wipe'](params, context);
    },
    ...listHandlers(lists, copy, demo, notify),
    ...exportHandlers(),
    ...demoHandlers(demo),
    ...sync.handlers,
  };
  return serveEngine(engineContract, handlers, post);
}
