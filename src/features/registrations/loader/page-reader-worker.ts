/**
 * Module Web Worker that fetches pages of registrations, parses them and checks them against
 * the schema, off the page's main thread. Started by page-reader.ts, which also says why; its
 * answers are page-reader-answers.ts.
 */
// Before any schema is built: no `eval` probe (see zod-setup.ts).
import '@/lib/zod-setup';
import { workerScope } from '@/lib/worker-scope';
import { createPageReaderAnswers } from './page-reader-answers';
import type { PageReaderReply } from './page-reader-protocol';

// What arrives is parsed by the answers (unknown until then).
const scope = workerScope<unknown, PageReaderReply>();
const answer = createPageReaderAnswers((reply) => scope.postMessage(reply));

scope.onmessage = (event) => answer(event.data);
