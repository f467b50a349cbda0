import { useTranslation } from 'react-i18next';
import { useEventName } from '../editions/edition-links';
import type { useEditionIds } from '../editions/use-edition-ids';
import type { RegistrationsView } from '../rows/registrations-view';
import type { EditionWait } from './registrations-count';

/**
 * The table compared with another edition (the view's `edition`): its chip, and while the other
 * edition's list is not whole, what the count line says instead of a count.
 */
export function useEditionWait(
  eventId: number,
  view: RegistrationsView,
  editionList: ReturnType<typeof useEditionIds>,
) {
  const { t: te } = useTranslation('editions');
  const edition = view.edition;
  const otherEdition = useEventName(edition?.vs ?? eventId);
  // Until both editions' lists are whole, the list is unknown: no rows, no counts, no export.
  const editionPending = edition !== null && editionList.ids === null;
  const editionChip = edition ? te(`chip.${edition.kind}`, { event: otherEdition }) : null;
  const otherProgress =
    editionList.state.status === 'loading'
      ? edition?.kind === 'lapsed'
        ? editionList.state.current
        : editionList.state.previous
      : null;
  const otherFailed = otherProgress?.phase === 'failed';
  const editionWait: EditionWait | null = editionPending
    ? {
        event: otherEdition,
        stopped: otherFailed || otherProgress?.phase === 'stopped',
        failed: otherFailed,
        takeUp: otherFailed ? editionList.otherLoad.actions.reload : editionList.otherLoad.actions.continue,
      }
    : null;
  return { editionChip, editionWait };
}
