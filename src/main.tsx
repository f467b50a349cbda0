// The page's entry, kept to a few kB so that it runs as soon as it arrives: it starts the page
// load's screen downloading (screen-code.ts) and sends its first API requests
// (screen-requests.ts) beside the app's own code (app/boot.tsx), which would otherwise only ask
// for them once it had itself arrived and run. On a phone that is the app's whole download and
// a round trip sooner. boot's preload and queries then find them on their way.
// First: zod must be jitless before any schema exists (Content Security Policy).
import '@/lib/zod-setup';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { startScreenCode } from '@/app/screen-code';
import { screenApiPaths } from '@/app/screen-requests';
import { sendEarlyApiRequests } from '@/lib/early-api-requests';

startScreenCode(location.pathname);
sendEarlyApiRequests(screenApiPaths(location.pathname));
void import('@/app/boot').then(({ boot }) => boot());
