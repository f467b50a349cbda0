// The page's entry, kept to a few kB so that it runs as soon as it arrives: it starts the page
// load's screen downloading (screen-code.ts), sends its first API requests (screen-requests.ts),
// starts the engine worker (engine-worker-start.ts) and makes the language's formats beside the
// app's own code (app/boot.tsx), which would otherwise only do so once it had itself arrived and
// run. On a phone that is the app's whole download and a round trip sooner. boot's preload and
// queries then find them on their way.
// First: zod must be jitless before any schema exists (Content Security Policy).
import '@/lib/zod-setup';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { screenAt, startScreenCode } from '@/app/screen-code';
import { screenApiPaths } from '@/app/screen-requests';
import { startEngineWorkerEarly } from '@/engine/engine-worker-start';
import { detectPageLanguage } from '@/i18n/languages';
import { watchForMissingCode } from '@/lib/app-update';
import { sendEarlyApiRequests } from '@/lib/early-api-requests';
import { warmLocaleFormats } from '@/lib/warm-locale-formats';

// Before the first download: after a deploy, this tab's build may be gone from the server.
watchForMissingCode();
startScreenCode(location.pathname);
// Every screen but sign-in takes its first data from the engine: its worker loads beside the app.
const screen = screenAt(location.pathname);
if (screen !== null && screen !== 'signIn') startEngineWorkerEarly();
sendEarlyApiRequests(screenApiPaths(location.pathname));
void import('@/app/boot').then(({ boot }) => boot());
// While the app's code downloads: the page's language for assistive technologies from the
// start, and its number and date formats made (the page's first format loads the language's
// data, a task of 25 to 40 ms that would otherwise come before the first screen).
const language = detectPageLanguage();
document.documentElement.lang = language;
setTimeout(() => warmLocaleFormats(language), 0);
