/**
 * Module Web Worker that parses pages of registrations and checks them against the schema,
 * off the page's main thread. Started by page-reader.ts, which also says why.
 */
// Before any schema is built: no `eval` probe (see zod-setup.ts).
import '@/lib/zod-setup';
import { readPageBytes, type PageReaderReply, type PageReaderRequest } from './page-reader-protocol';

/** The slice of DedicatedWorkerGlobalScope used here (the app's types load the DOM library). */
interface PageReaderScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: PageReaderReply): void;
}

const scope = self as unknown as PageReaderScope;

const isRequest = (message: unknown): message is PageReaderRequest =>
  typeof message === 'object' &&
  message !== null &&
  Number.isSafeInteger((message as { id?: unknown }).id) &&
  (message as { bytes?: unknown }).bytes instanceof ArrayBuffer;

scope.onmessage = (event) => {
  if (!isRequest(event.data)) return;
  scope.postMessage({ id: event.data.id, reading: readPageBytes(event.data.bytes) });
};
