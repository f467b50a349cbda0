import type { Registration } from '../api/schemas';

/** First and last name as the participant typed them ('—' when both are missing). */
export function personName(registration: Registration): string {
  const name = `${registration.first_name?.trim() ?? ''} ${registration.last_name?.trim() ?? ''}`.trim();
  return name === '' ? '—' : name;
}
