import { QueryClient } from '@tanstack/react-query';
import { deviceCopySettled, forgetDeviceCopy, wipeDeviceCopyOfSession } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { resetDemoData } from '@/mocks/data';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import type { EventFigures } from '@/engine/figures/event-figures';
import { eventFiguresQuery } from './event-figures-query';
import { registrationsQuery } from './registrations-query';

freshIndexedDbForEachTest();
afterEach(() => resetDemoData());

const EVENT = 1003; // 45 registrations

/** The figures a new tab of the same session reads from the device. */
async function figuresInNewTab(): Promise<EventFigures | null> {
  return new QueryClient().fetchQuery(eventFiguresQuery(EVENT));
}

async function loadWhole(): Promise<void> {
  const client = new QueryClient();
  expect((await client.fetchQuery(registrationsQuery(EVENT))).phase).toBe('complete');
  await deviceCopySettled();
}

describe("the events list's figures on this device", () => {
  it('are kept with the copy once the list is whole, and read back by another tab', async () => {
    signInForTests();
    expect(await figuresInNewTab()).toBeNull();
    await loadWhole();
    expect(await figuresInNewTab()).toMatchObject({ total: 45 });
  });

  it("go with the copy: sign-out's and a 401's wipe", async () => {
    signInForTests();
    await loadWhole();
    expect(await wipeDeviceCopyOfSession()).toBe(true);
    expect(await figuresInNewTab()).toBeNull();
  });

  it('go with "Forget this device", and are not kept again in that session', async () => {
    signInForTests();
    await loadWhole();
    await forgetDeviceCopy();
    expect(await figuresInNewTab()).toBeNull();
    await loadWhole();
    expect(await figuresInNewTab()).toBeNull();
  });
});
