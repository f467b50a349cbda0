import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { deviceCopySettled, forgetDeviceCopy, saveFineFindingsCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { fineRecord } from '@/engine/figures/checks/open-findings';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { useFineFindings } from '../checks/fine-findings';
import { useSavedViews } from '../rows/use-saved-views';

freshIndexedDbForEachTest();

const EVENT = 1003;

function renderNote<T>(hook: () => T, client = new QueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(hook, { wrapper });
}

describe('a note kept on this device', () => {
  it('is read from the copy offline too, as at the venue without a signal', async () => {
    signInForTests();
    await saveFineFindingsCopy(EVENT, fineRecord(new Set(['email-typo:12::abc'])));
    await deviceCopySettled();
    onlineManager.setOnline(false);
    try {
      const { result } = renderNote(() => useFineFindings(EVENT));
      await waitFor(() => expect(result.current.ready).toBe(true));
      expect([...result.current.fine]).toEqual(['email-typo:12::abc']);
    } finally {
      act(() => onlineManager.setOnline(true));
    }
  });

  it('says a change is kept once saved, and a new tab reads it back', async () => {
    signInForTests();
    const { result } = renderNote(() => useFineFindings(EVENT));
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.mark(['name-case:7::x1', 'name-case:8::y1'], true));
    act(() => result.current.mark(['name-case:7::x1'], false));
    await waitFor(() => expect([...result.current.fine]).toEqual(['name-case:8::y1']));
    await waitFor(() => expect(result.current.keeping).toBe('kept'));
    await deviceCopySettled();

    const newTab = renderNote(() => useFineFindings(EVENT));
    await waitFor(() => expect(newTab.result.current.ready).toBe(true));
    expect([...newTab.result.current.fine]).toEqual(['name-case:8::y1']);
  });

  it('says a change is not kept once the device was forgotten, and keeps it for the tab', async () => {
    signInForTests();
    const { result } = renderNote(() => useFineFindings(EVENT));
    await waitFor(() => expect(result.current.ready).toBe(true));
    await act(() => forgetDeviceCopy());
    act(() => result.current.mark(['name-case:7::x1'], true));
    await waitFor(() => expect(result.current.keeping).toBe('not-kept'));
    expect([...result.current.fine]).toEqual(['name-case:7::x1']);
  });

  it('applies each change to the one before, however fast they come', async () => {
    signInForTests();
    const { result } = renderNote(() => useSavedViews(EVENT));
    await waitFor(() => expect(result.current.ready).toBe(true));
    const view = (id: string) => ({
      id,
      name: id,
      search: '',
      savedAt: 0,
      names: { categories: {}, columns: {} },
    });
    act(() => {
      void result.current.add(view('a'));
      void result.current.add(view('b'));
      result.current.remove('a');
    });
    await waitFor(() => expect(result.current.views.map((each) => each.id)).toEqual(['b']));
    await act(() => deviceCopySettled());
  });
});
