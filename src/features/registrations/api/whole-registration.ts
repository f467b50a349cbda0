import { queryOptions } from '@tanstack/react-query';
import type { Registration } from '@/engine/api/registration-schemas';
import { theEngine } from '@/engine/engine';
import { listTarget } from './list-calls';

/** Apart from the registrations' key, whose filters would otherwise find it. */
const WHOLE_REGISTRATION = 'whole-registration';

/**
 * One registration as the API sent it, every field included: the page holds the documented
 * fields of each row only (pageRegistration), the engine the rest, which the details panel
 * shows. Null when the engine no longer holds the list at `version` (or none is known yet:
 * a load under way): the panel then shows the documented fields alone.
 */
export function wholeRegistrationQuery(eventId: number, version: number | null, registrationId: number) {
  return queryOptions({
    queryKey: [WHOLE_REGISTRATION, eventId, version, registrationId] as const,
    queryFn: async (): Promise<Registration | null> => {
      const target = listTarget(eventId);
      if (!target || version === null) return null;
      return theEngine().call('list.registration', {
        place: target.place,
        eventId,
        version,
        registrationId,
      });
    },
    enabled: version !== null && version > 0,
    // A version's rows never change; a newer version is another key.
    staleTime: Infinity,
    gcTime: 60_000,
    // It only asks the engine, which answers offline too.
    networkMode: 'always',
    retry: false,
  });
}
