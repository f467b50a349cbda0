import { paths } from '@/config/paths';
import type { CheckId } from '@/engine/figures/checks/check-kinds';
import { registrationsSearch } from '../rows/registrations-view';

/** The registrations table filtered to the registrations one check found. */
export function checkLink(eventId: number, check: CheckId): string {
  return paths.registrations.build(eventId, registrationsSearch({ check }));
}
