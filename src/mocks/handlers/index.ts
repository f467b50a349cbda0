import { http, type HttpHandler } from 'msw';
import { categoriesHandler } from './categories';
import { createHandlerContext } from './context';
import { demoControlHandlers } from './demo-controls';
import { eventDetailHandler } from './event-detail';
import { eventsHandler } from './events';
import { resolveMockApiOptions, type MockApiOptions } from './options';
import { registrationsHandler } from './registrations';
import { notFound } from './respond';

export type { MockApiOptions } from './options';
export { resolveMockApiOptions } from './options';

/**
 * msw handlers for the demo Partner API, plus the demo-only POST {base}/__demo/advance and
 * /__demo/reset (demo-controls.ts). With a concrete baseUrl, any other path under it
 * answers a JSON 404 (a real server would); with '*' there is no catch-all, because it would
 * swallow every request of the page or test.
 */
export function createPartnerApiHandlers(options?: MockApiOptions): HttpHandler[] {
  const context = createHandlerContext(resolveMockApiOptions(options));
  const handlers = [
    eventsHandler(context),
    eventDetailHandler(context),
    categoriesHandler(context),
    registrationsHandler(context),
    ...demoControlHandlers(context),
  ];
  if (context.options.baseUrl !== '*') {
    handlers.push(http.all(context.path('/*'), () => notFound('No such endpoint.')));
  }
  return handlers;
}
