import type { Registration } from './registration-schemas';

/**
 * First and last name, trimmed, '' when both are missing (see RegistrationLabels.person). Apart
 * from the schemas: the page's start-up script names people without checking API answers.
 */
export function fullName({ first_name, last_name }: Pick<Registration, 'first_name' | 'last_name'>): string {
  return `${first_name?.trim() ?? ''} ${last_name?.trim() ?? ''}`.trim();
}
