import { engineContract, type EngineContract } from './engine-contract';
import { createEngineClient, type EngineClient } from './rpc/client';
import { inPageTransport, workerTransport, type EngineTransport } from './rpc/transport';

/** The engine worker, or the engine run in the page where there is no Worker (tests in jsdom). */
function openEngine(): EngineTransport {
  if (typeof Worker === 'undefined')
    // Loaded only here, so the engine's code stays in the worker's bundle, out of the page's.
    return inPageTransport((post) =>
      import('./engine-handlers').then(({ startEngine }) => startEngine(post)),
    );
  // Vite bundles the worker because `new URL(..., import.meta.url)` sits inside `new Worker(...)`.
  return workerTransport(
    () => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }),
  );
}

let engine: EngineClient<EngineContract> | null = null;

/** The page's one connection to the engine: every call to it goes through here. */
export function theEngine(): EngineClient<EngineContract> {
  return (engine ??= createEngineClient(engineContract, openEngine));
}
