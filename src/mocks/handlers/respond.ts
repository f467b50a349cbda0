import { HttpResponse } from 'msw';
import type { JsonBodyType } from 'msw';
import { demoNow } from '../data/clock';

/**
 * Every answer carries a Date header, as a real HTTP server's would: the client uses it as
 * the server's clock (for the next updated_since) instead of trusting the browser's clock.
 * It reads the demo clock, which advanceDemoDays() moves forward.
 */
export function jsonResponse(body: JsonBodyType, status = 200): Response {
  return HttpResponse.json(body, { status, headers: { Date: demoNow().toUTCString() } });
}

export type ApiErrorCode = 'unauthorized' | 'forbidden' | 'not_found' | 'invalid_parameter';

/** Error body: { error, message } (+ `parameter` for a bad query parameter). */
export function errorResponse(
  status: number,
  error: ApiErrorCode,
  message: string,
  parameter?: string,
): Response {
  return jsonResponse(parameter === undefined ? { error, message } : { error, message, parameter }, status);
}

export function notFound(message = 'Resource not found.'): Response {
  return errorResponse(404, 'not_found', message);
}
