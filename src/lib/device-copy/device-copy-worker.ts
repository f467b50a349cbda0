/**
 * Module Web Worker that keeps the encrypted device copy (device-store.ts): opening it with the
 * API key, sealing and writing an event's registrations, reading and opening them back, and
 * wiping it, so encrypting and decoding 100,000 registrations never freezes the page. Started
 * by device-copy-client.ts.
 */
import { workerScope } from '@/lib/worker-scope';
import { createDeviceCopyHandler } from './device-copy-handler';
import type { DeviceCopyRequest, DeviceCopyResponse } from './device-copy-protocol';

const scope = workerScope<DeviceCopyRequest, DeviceCopyResponse>();
const handle = createDeviceCopyHandler((response) => scope.postMessage(response));

scope.onmessage = (event) => handle(event.data);
