// The page's entry, kept to a few kB so that it runs as soon as it arrives: it starts the page
// load's screen downloading (screen-code.ts) beside the app's own code (app/boot.tsx), which
// would otherwise only ask for the screen once it had itself arrived and run. On a phone that
// is the app's whole download and a round trip sooner. boot's preload then finds it on its way.
// First: zod must be jitless before any schema exists (Content Security Policy).
import '@/lib/zod-setup';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { startScreenCode } from '@/app/screen-code';

startScreenCode(location.pathname);
void import('@/app/boot').then(({ boot }) => boot());
