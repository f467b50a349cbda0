/** Every Partner API path, relative to the base URL (API document section 4). */
export const apiPaths = {
  events: () => '/v1/events',
  event: (eventId: number) => `/v1/events/${encodeURIComponent(eventId)}`,
  categories: (eventId: number) => `/v1/events/${encodeURIComponent(eventId)}/categories`,
  registrations: (eventId: number) => `/v1/events/${encodeURIComponent(eventId)}/registrations`,
} as const;
