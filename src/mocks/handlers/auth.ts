import { promoterForKey, type PromoterId } from '../data/demo-keys';
import { errorResponse } from './respond';

/** The promoter of the request's X-API-Key, or the 401 answer to send back. */
export function authenticate(request: Request): PromoterId | Response {
  const key = request.headers.get('X-API-Key');
  const promoter = promoterForKey(key);
  if (promoter) return promoter;
  const message = key === null || key === '' ? 'Missing X-API-Key header.' : 'Invalid API key.';
  return errorResponse(401, 'unauthorized', message);
}
