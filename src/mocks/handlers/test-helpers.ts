/** Shared by the handler tests: one call through msw's getResponse, no network involved. */
import { getResponse } from 'msw';
import { DEMO_KEYS } from '../data/demo-keys';
import { createPartnerApiHandlers, type MockApiOptions } from './index';

export const TEST_BASE = 'http://mock.test';
export const TEST_TODAY = '2026-11-22';

export interface ApiCall {
  status: number;
  headers: Headers;
  body: unknown;
}

export function apiCaller(options: MockApiOptions = {}) {
  const handlers = createPartnerApiHandlers({ baseUrl: TEST_BASE, today: TEST_TODAY, ...options });
  return async (path: string, key: string | null = DEMO_KEYS.alpine, method = 'GET'): Promise<ApiCall> => {
    const headers = new Headers();
    if (key !== null) headers.set('X-API-Key', key);
    const base = (options.baseUrl ?? TEST_BASE).replace(/\/$/, '');
    const url = path.startsWith('http') ? path : `${base}${path}`;
    const response = await getResponse(handlers, new Request(url, { headers, method }));
    if (!response) throw new Error(`No handler answered ${path}`);
    return { status: response.status, headers: response.headers, body: await response.json() };
  };
}

/** Narrow an unknown JSON body to a record, for property access in assertions. */
export function obj(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new Error(`Expected a JSON object, got ${JSON.stringify(body)}`);
  }
  return body as Record<string, unknown>;
}

export function list<T = Record<string, unknown>>(value: unknown): T[] {
  if (!Array.isArray(value)) throw new Error(`Expected an array, got ${JSON.stringify(value)}`);
  return value as T[];
}
