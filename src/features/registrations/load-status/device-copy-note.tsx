import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceCopyStatus, subscribeDeviceCopyStatus } from '@/engine/copy/device-copy';
import type { DeviceCopyStatus } from '@/engine/copy/device-copy-protocol';
import { useOffline } from '@/lib/offline';

type Note = 'notSavedFull' | 'notSaved' | 'discarded' | 'opened' | null;

/** What there is to say about a status, most important first (a plain value: see below). */
function noteFor({ read, save }: DeviceCopyStatus): Note {
  if (save?.status === 'not-saved' && save.reason !== 'unavailable') {
    return save.reason === 'quota' ? 'notSavedFull' : 'notSaved';
  }
  if (read?.status === 'discarded' && read.reason === 'corrupt') return 'discarded';
  return read?.status === 'ok' ? 'opened' : null;
}

/**
 * One line under the load banner about the event's copy on this device, only when there is
 * something to say: the list came from the copy, the copy could not be saved (a full device:
 * the list still works, for this tab), or a copy was unreadable and downloaded again.
 */
export function DeviceCopyNote({ eventId }: { eventId: number }) {
  const { t } = useTranslation('registrations');
  // The note, not the status, is the snapshot: a save that changes nothing worth saying (the
  // usual case) does not render the banner again.
  const note = useSyncExternalStore(subscribeDeviceCopyStatus, () => noteFor(deviceCopyStatus(eventId)));
  // Offline, nothing could be checked: the offline banner says how old the list is.
  const offline = useOffline();
  if (note === null) return null;
  return (
    <p className={note.startsWith('notSaved') ? 'load-status__error' : undefined}>
      {t(note === 'opened' && offline ? 'deviceCopy.openedOffline' : `deviceCopy.${note}`)}
    </p>
  );
}
