import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';
import { createPartnerApiHandlers } from '@/mocks/handlers';
import { todayCalendarDate } from '@/lib/dates';

/** The origin every test talks to; the demo API answers on it through msw. */
export const TEST_API_BASE = 'http://api.test';

/** The demo data is dated relative to today, as the app's upcoming/past split is. */
export const TEST_TODAY = todayCalendarDate();

/** One msw server for the whole suite; a test overrides one handler with `server.use(...)`. */
export const server = setupServer(
  http.get('*/config.json', () => HttpResponse.json({ apiBaseUrl: TEST_API_BASE })),
  ...createPartnerApiHandlers({ baseUrl: TEST_API_BASE, today: TEST_TODAY }),
);

/** The requests the test's API answers from now on (those `keep` keeps), until the test ends. */
export function requestsFromNow(keep: (url: URL) => boolean = () => true): URL[] {
  const urls: URL[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (keep(url)) urls.push(url);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return urls;
}

/** The registrations requests of an event from now on, as the API sees them. */
export const registrationRequestsFromNow = (eventId: number): URL[] =>
  requestsFromNow((url) => url.pathname === `/v1/events/${eventId}/registrations`);
