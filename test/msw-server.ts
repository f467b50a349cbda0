import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
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
