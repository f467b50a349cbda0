/**
 * Module Web Worker that keeps the encrypted device copy (device-store.ts): opening it with the
 * API key, sealing and writing an event's registrations, reading and opening them back, and
 * wiping it, so encrypting and decoding 100,000 registrations never freezes the page. Started
 * by device-copy-client.ts.
 */
import { createDeviceCopyHandler } from './device-copy-handler';
import type { DeviceCopyRequest, DeviceCopyResponse } from './device-copy-protocol';

/** The slice of DedicatedWorkerGlobalScope used here (the app's types load the DOM library). */
interface DeviceCopyWorkerScope {
  onmessage: ((event: MessageEvent<DeviceCopyRequest>) => void) | null;
  postMessage(message: DeviceCopyResponse): void;
}

const scope = self as unknown as DeviceCopyWorkerScope;
const handle = createDeviceCopyHandler((response) => scope.postMessage(response));

scope.onmessage = (event) => handle(event.data);
