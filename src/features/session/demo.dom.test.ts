import { QueryClient } from '@tanstack/react-query';
import { z } from '@/lib/zod';
import { resetDemoData } from '@/mocks/data';
import { apiGet } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { endSession, startSession } from '@/lib/session';
import { resumeDemo, sendDemoControl, startDemo, stopDemo } from './demo';
import { signOut } from './sign-out';

const events = z.object({ events: z.array(z.looseObject({ eve_id: z.number() })) });

afterEach(() => {
  stopDemo();
  endSession();
  resetDemoData();
  vi.restoreAllMocks();
});

describe('the demo session', () => {
  it('is answered in the browser, without the network, and sign-out silences it', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const session = await startDemo();
    expect(session).toMatchObject({ baseUrl: '/demo-api', demo: true });
    startSession(session);
    expect((await apiGet('/v1/events', events)).events.length).toBeGreaterThan(0);
    expect(fetchSpy).not.toHaveBeenCalled();

    await signOut(new QueryClient(), 'signed-out', { tellOtherTabs: false });
    // Even a request still carrying the demo session finds nothing to answer it.
    const error = await apiGet('/v1/events', events, { session }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('network');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('resumes after a reload', async () => {
    const session = await startDemo();
    stopDemo(); // what a reload leaves: the session in sessionStorage, no handlers in memory
    startSession(session);
    await resumeDemo();
    expect((await apiGet('/v1/events', events)).events.length).toBeGreaterThan(0);
  });

  it('moves in time and back through the same transport, with the demo key', async () => {
    startSession(await startDemo());
    const advanced = await sendDemoControl('advance', { days: 3 });
    expect(advanced.status).toBe(200);
    expect(await advanced.json()).toMatchObject({ daysAdvanced: 3 });
    const reset = await sendDemoControl('reset');
    expect(await reset.json()).toMatchObject({ daysAdvanced: 0 });
    stopDemo();
    await expect(sendDemoControl('reset')).rejects.toThrow();
  });
});
