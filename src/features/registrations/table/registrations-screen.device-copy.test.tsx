import { act, screen } from '@testing-library/react';
import { deviceCopySettled } from '@/lib/device-copy/device-copy-client';
import { freshIndexedDbForEachTest } from '@/lib/device-copy/testing/fresh-indexeddb';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { renderApp } from '../../../../test/render';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations

freshIndexedDbForEachTest();

describe('the registrations screen and the copy on this device', () => {
  it('says when a list opens from the encrypted copy of this device', async () => {
    const first = renderApp(`/events/${EVENT}/registrations`);
    expect(await screen.findByText(/All 45 registrations loaded/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Opened from the encrypted copy/)).toBeNull();
    await act(() => deviceCopySettled());
    // Closing the tab: a new page and a new cache, the same key; the copy stays on the device.
    first.unmount();

    renderApp(`/events/${EVENT}/registrations`);
    expect(
      await screen.findByText(
        'Opened from the encrypted copy on this device, then checked for changes.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/All 45 registrations loaded/)).toBeInTheDocument();
  });
});
