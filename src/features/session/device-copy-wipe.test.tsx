import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import {
  DEVICE_COPY_DB,
  freshIndexedDbForEachTest,
  storedOnDevice,
} from '@/engine/copy/testing/fresh-indexeddb';
import { announceSignOut } from '@/lib/session-channel';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { renderApp } from '../../../test/render';

/** Alpine, 45 registrations. */
const EVENT = 1003;

freshIndexedDbForEachTest();

/** Opens the event's registrations and waits until their copy is on the device. */
async function openedAndSaved() {
  const app = renderApp(`/events/${EVENT}/registrations`);
  expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
  await deviceCopySettled();
  const stored = await storedOnDevice();
  expect(stored[DEVICE_COPY_DB]?.records).toBeGreaterThan(0);
  return app;
}

/** Nothing of the copy is left: its database is gone, or holds nothing. */
async function expectNothingOnDevice() {
  await deviceCopySettled();
  const stored = await storedOnDevice();
  for (const stores of Object.values(stored))
    for (const count of Object.values(stores)) expect(count).toBe(0);
  expect(Object.keys(stored)).not.toContain(DEVICE_COPY_DB);
}

// Bug fix: sign-out ended the session but left the encrypted copy of the registrations on
// the device (these fail without the wipe in signOut).
describe('the device copy goes with the session', () => {
  it('signing out wipes it', async () => {
    const { user, router } = await openedAndSaved();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await expectNothingOnDevice();
  });

  it('a refused key (401) wipes it', async () => {
    const { queryClient } = await openedAndSaved();
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, () => HttpResponse.json({}, { status: 401 })),
    );
    // "Check for changes" (the event's registrations query) meets the 401.
    void queryClient.refetchQueries({ queryKey: ['registrations', EVENT] });
    expect(await screen.findByText(/session ended because the API key was refused/)).toBeInTheDocument();
    await expectNothingOnDevice();
  });

  it('signing out in another tab wipes it here too', async () => {
    const { router } = await openedAndSaved();
    announceSignOut('signed-out');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    await expectNothingOnDevice();
  });
});
