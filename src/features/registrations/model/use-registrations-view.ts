import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readRegistrationsView, writeRegistrationsView, type RegistrationsView } from './registrations-view';

/** The URL follows the inputs after this pause: one history write per burst of typing, not per key. */
const URL_WRITE_DELAY_MS = 300;

/**
 * The view state (search, filters, sort, hidden columns). The inputs own it: a keystroke or a
 * click updates React state and echoes in the same frame, and the heavy derivation follows
 * from that state. The URL is written from it afterwards (replace, after a short pause), so a
 * link or a reload restores the view. A router navigation per keystroke is what lost letters
 * at typing speed on 25,000 rows. When the URL changes from outside (back, forward, a link to
 * the same screen), the URL leads and the view is read from it again.
 */
export function useRegistrationsView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlKey = searchParams.toString();
  const [view, setViewState] = useState<RegistrationsView>(() => readRegistrationsView(searchParams));
  // The URL this view last wrote or read: any other URL came from outside.
  const synced = useRef(urlKey);

  useEffect(() => {
    if (urlKey === synced.current) return;
    synced.current = urlKey;
    // The URL changed from outside (back, forward): it leads.
    setViewState(readRegistrationsView(new URLSearchParams(urlKey)));
  }, [urlKey]);

  useEffect(() => {
    const next = writeRegistrationsView(view).toString();
    if (next === synced.current) return;
    const timer = setTimeout(() => {
      synced.current = next;
      setSearchParams(new URLSearchParams(next), { replace: true });
    }, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [view, setSearchParams]);

  const setView = useCallback(
    (update: (current: RegistrationsView) => RegistrationsView) => setViewState(update),
    [],
  );
  return { view, setView };
}

export type SetRegistrationsView = ReturnType<typeof useRegistrationsView>['setView'];
