import { announceSignOut, listenToOtherTabs, requestSessionFromOtherTabs } from './session-channel';
import type { Session, SignOutReason } from './session';
import { waitUntil } from '../../test/wait-until';

/** Each "tab" here is a BroadcastChannel of its own, as in a browser (Node 22 has the same API). */
const SESSION: Session = { baseUrl: 'https://api.example.com', apiKey: 'key-123', demo: false };
const CHANNEL = 'promoter-dashboard.session';

const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

function tab(session: Session | null) {
  const signOuts: SignOutReason[] = [];
  closers.push(
    listenToOtherTabs({ getSession: () => session, onSignedOut: (reason) => signOuts.push(reason) }),
  );
  return { signOuts };
}

/** A script of the same origin that answers every request with `answer`. */
function rogueTab(answer: (id: unknown) => unknown) {
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<{ id?: unknown }>) => channel.postMessage(answer(event.data.id));
  closers.push(() => channel.close());
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('tabs sharing the session over BroadcastChannel', () => {
  // The bound runs on the test's clock: it passes only when the test moves the clock.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a new tab gets the session of a signed-in tab, without waiting for the bound', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    tab(null);
    tab(SESSION);
    expect(await requestSessionFromOtherTabs(5_000)).toEqual(SESSION);
  });

  it('gets nothing when no tab is signed in, after a bounded wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    tab(null);
    let answer: unknown = 'pending';
    void requestSessionFromOtherTabs(100).then((session) => (answer = session));
    await vi.advanceTimersByTimeAsync(99);
    expect(answer).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toBeNull();
  });

  it('ignores malformed answers and answers to another tab’s request', async () => {
    rogueTab((id) => ({
      type: 'session-offer',
      id,
      session: { baseUrl: 'https://evil.example', apiKey: 1 },
    }));
    rogueTab(() => ({ type: 'session-offer', id: 'someone-else', session: SESSION }));
    rogueTab(() => 'not an object');
    expect(await requestSessionFromOtherTabs(150)).toBeNull();
  });

  it('a sign-out reaches the signed-in tabs with its reason, and nothing else', async () => {
    const signedIn = tab(SESSION);
    const signedOut = tab(null);
    announceSignOut('unauthorized');
    await waitUntil(() => expect(signedIn.signOuts).toEqual(['unauthorized']));
    expect(signedOut.signOuts).toEqual([]);
  });

  it('ignores a sign-out message with an unknown reason', async () => {
    const signedIn = tab(SESSION);
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage({ type: 'signed-out', reason: 'because' });
    channel.close();
    await settle();
    expect(signedIn.signOuts).toEqual([]);
  });
});
