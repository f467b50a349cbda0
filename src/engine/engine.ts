import { engineContract, type EngineContract } from './engine-contract';
import { newEngineWorker, takeEarlyEngineWorker } from './engine-worker-start';
import { createEngineClient, type EngineClient } from './rpc/client';
import {
  inPageTransport,
  workerTransport,
  type EnginePost,
  type EngineReceiver,
  type EngineTransport,
} from './rpc/transport';

type StartEngine = (post: EnginePost) => EngineReceiver;

/** The engine's handlers to run in the page where there is no Worker, once installed. */
let engineForThePage: StartEngine | null = null;

/**
 * Runs the engine in the page where there is no Worker: the tests in jsdom install it (with
 * engine-handlers.ts's startEngine) in their setup. The app never imports the engine's
 * handlers, so its code stays in the worker's bundle, out of the page's.
 */
export function runEngineInPage(start: StartEngine): void {
  engineForThePage = start;
}

/** The engine worker, or the engine run in the page where there is no Worker (tests in jsdom). */
function openEngine(): EngineTransport {
  if (typeof Worker === 'undefined') {
    const start = engineForThePage;
    if (!start) throw new Error('No Worker here, and no engine installed in the page');
    return inPageTransport(start);
  }
  // The worker the page's entry started, if any (engine-worker-start.ts); a restart starts a new one.
  return workerTransport(() => takeEarlyEngineWorker() ?? newEngineWorker());
}

let engine: EngineClient<EngineContract> | null = null;

/** The page's one connection to the engine: every call to it goes through here. */
export function theEngine(): EngineClient<EngineContract> {
  return (engine ??= createEngineClient(engineContract, openEngine));
}
