/**
 * Module Web Worker that fetches pages of registrations, parses them and checks them against
 * the schema, off the page's main thread. Started by page-reader.ts, which also says why; its
 * answers are page-reader-answers.ts.
 */
// Before any schema is built: no `eval` probe (see zod-setup.ts).
import '@/lib/zod-setup';
import { createPageReaderAnswers } from './page-reader-answers';
import type { PageReaderReply } from './page-reader-protocol';

/** The slice of DedicatedWorkerGlobalScope used here (the app's types load the DOM library). */
interface PageReaderScope {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(message: PageReaderReply): void;
}

const scope = self as unknown as PageReaderScope;
const answer = createPageReaderAnswers((reply) => scope.postMessage(reply));

scope.onmessage = (event) => answer(event.data);
