/**
 * The engine's Web Worker: everything that is not drawing runs here (engine-handlers.ts), so
 * the page's main thread only draws. Started by engine.ts.
 */
// Before any schema is built: no `eval` probe (see zod-setup.ts).
import '@/lib/zod-setup';
import { workerScope } from '@/lib/worker-scope';
import { startEngine } from './engine-handlers';
import type { EngineReply } from './rpc/messages';

// What arrives is read by the engine (unknown until then).
const scope = workerScope<unknown, EngineReply>();
const receive = startEngine((reply, transfer) => scope.postMessage(reply, transfer));

scope.onmessage = (event) => receive(event.data);
