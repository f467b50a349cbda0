import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/api-paths';
import { readBody } from './page-body';
import { registrationPageResponseSchema } from '../api/registration-schemas';

/** Parameters of GET /v1/events/{id}/registrations (document 4.4). */
export interface RegistrationPageParams {
  page?: number | undefined;
  per_page?: number | undefined;
  updated_since?: string | undefined;
}

export function fetchRegistrationPage(eventId: number, params: RegistrationPageParams, signal?: AbortSignal) {
  return apiRequest(apiPaths.registrations(eventId), registrationPageResponseSchema, {
    params: { ...params },
    readBody,
    ...(signal && { signal }),
  });
}
