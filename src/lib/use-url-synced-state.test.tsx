import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useSyncExternalStore } from 'react';
import {
  createMemoryRouter,
  Link,
  NavigationType,
  Router,
  RouterProvider,
  type Navigator,
  type To,
} from 'react-router';
import { URL_WRITE_DELAY_MS, useUrlSyncedState } from './use-url-synced-state';

interface View {
  q: string;
  sort: 'date' | 'name';
}

const parse = (params: URLSearchParams): View => ({
  q: params.get('q') ?? '',
  sort: params.get('sort') === 'name' ? 'name' : 'date',
});

const write = (view: View): URLSearchParams => {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.sort !== 'date') params.set('sort', view.sort);
  return params;
};

function ListScreen() {
  const [view, setView, flushUrl] = useUrlSyncedState({ parse, write });
  return (
    <>
      <input
        aria-label="Search"
        value={view.q}
        onChange={(e) => setView((previous) => ({ ...previous, q: e.target.value }))}
      />
      <select
        aria-label="Sort"
        value={view.sort}
        onChange={(e) => setView({ ...view, sort: e.target.value as View['sort'] })}
      >
        <option value="date">Date</option>
        <option value="name">Name</option>
      </select>
      <button type="button" onClick={flushUrl}>
        Copy link
      </button>
      <Link to="/other">Open an event</Link>
    </>
  );
}

function renderList(initialPath: string) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <ListScreen /> },
      { path: '/other', element: <p>Another screen</p> },
    ],
    { initialEntries: [initialPath] },
  );
  const navigations: string[] = [];
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') {
      navigations.push(`${state.historyAction} ${state.location.pathname}${state.location.search}`);
    }
  });
  // StrictMode runs every effect twice on mount, as in development.
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const path = () => router.state.location.pathname + router.state.location.search;
  return {
    router,
    path,
    navigations: () => [...new Set(navigations)],
  };
}

/**
 * Typing, one key at a time, each in its own event as a keyboard gives them. Events rather than
 * user-event: the pause runs on the test's clock (fake timers), which user-event's own waits
 * would stop.
 */
async function type(label: string, text: string) {
  const field = screen.getByLabelText<HTMLInputElement>(label);
  for (const key of text) await act(() => fireEvent.change(field, { target: { value: field.value + key } }));
}

/** The pause before the URL is written, on the test's clock: typing takes no time on it. */
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useUrlSyncedState', () => {
  beforeEach(() => {
    // Only the clock of the pause: React's scheduler keeps its real turns.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts from the URL, so a shared link opens the same view', () => {
    renderList('/list?q=lac&sort=name');
    expect(screen.getByLabelText('Search')).toHaveValue('lac');
    expect(screen.getByLabelText('Sort')).toHaveValue('name');
  });

  it('echoes every keystroke at once, then writes the URL once, replacing the entry, after a pause', async () => {
    const { path, navigations } = renderList('/list');
    await type('Search', 'marathon');
    expect(screen.getByLabelText('Search')).toHaveValue('marathon');
    expect(path()).toBe('/list');

    await pause(URL_WRITE_DELAY_MS / 2);
    expect(path()).toBe('/list');
    await pause(URL_WRITE_DELAY_MS / 2);
    expect(path()).toBe('/list?q=marathon');
    expect(navigations()).toEqual(['REPLACE /list?q=marathon']);
    expect(screen.getByLabelText('Search')).toHaveValue('marathon');
  });

  it('restarts the pause on each change, so a burst of changes makes one write', async () => {
    const { path, navigations } = renderList('/list');
    await type('Search', 'ma');
    await pause(URL_WRITE_DELAY_MS / 2);
    await type('Search', 'ra');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'name' } });
    await pause(URL_WRITE_DELAY_MS / 2);
    expect(path()).toBe('/list');
    await pause(URL_WRITE_DELAY_MS / 2);
    expect(path()).toBe('/list?q=mara&sort=name');
    expect(navigations()).toEqual(['REPLACE /list?q=mara&sort=name']);
  });

  it('follows back and forward, and drops a write still waiting when the URL moves', async () => {
    const { router, path } = renderList('/list?q=lac');
    await act(() => router.navigate('/list?q=trail&sort=name'));
    expect(screen.getByLabelText('Search')).toHaveValue('trail');
    expect(screen.getByLabelText('Sort')).toHaveValue('name');

    await type('Search', 'x');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('lac');
    expect(screen.getByLabelText('Sort')).toHaveValue('date');
    await pause(URL_WRITE_DELAY_MS * 2);
    expect(path()).toBe('/list?q=lac');

    await act(() => router.navigate(1));
    expect(screen.getByLabelText('Search')).toHaveValue('trail');
  });

  it('keeps what was typed when the screen is left before the pause, and restores it on back', async () => {
    const { router, path } = renderList('/list');
    await type('Search', 'evian');
    await act(() => fireEvent.click(screen.getByRole('link', { name: 'Open an event' })));
    expect(screen.getByText('Another screen')).toBeInTheDocument();
    await pause(URL_WRITE_DELAY_MS * 2);
    expect(path()).toBe('/other');

    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Search')).toHaveValue('evian');
    await pause(URL_WRITE_DELAY_MS);
    expect(path()).toBe('/list?q=evian');
  });

  it('writes at once on flush', async () => {
    const { path } = renderList('/list');
    await type('Search', 'geneva');
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(path()).toBe('/list?q=geneva');
  });

  it('keeps typing when the router lands its writes late, after later ones were made', async () => {
    // A browser router applies navigations in a transition: on a busy page, a write can land
    // after the next one was made, while the promoter types on.
    const { deliverNext, deliver, written } = renderWithLateRouter();
    await type('Search', 'm');
    await pause(URL_WRITE_DELAY_MS);
    await type('Search', 'ar');
    await pause(URL_WRITE_DELAY_MS);
    expect(written()).toEqual(['?q=m', '?q=mar']);

    await deliverNext();
    expect(screen.getByLabelText('Search')).toHaveValue('mar');
    await type('Search', 't');
    await deliverNext();
    await type('Search', 'in');
    expect(screen.getByLabelText('Search')).toHaveValue('martin');
    await pause(URL_WRITE_DELAY_MS);
    expect(written()).toEqual(['?q=m', '?q=mar', '?q=martin']);

    // A navigation of the promoter's own (back) still wins over what the inputs hold.
    await deliverNext();
    await deliver('?q=lac');
    expect(screen.getByLabelText('Search')).toHaveValue('lac');
  });

  it('drops a waiting write when a link moved the address before the router shows it', async () => {
    // A browser router changes the address at once and shows the location in a transition: on
    // a busy page the pause can end in between. Writing then would put back what the link left.
    const { deliver, written } = renderWithLateRouter();
    await type('Search', 'mercier');
    window.history.pushState(null, '', '/list?q=mercier&open=17');
    await pause(URL_WRITE_DELAY_MS);
    expect(written()).toEqual([]);

    await deliver('?q=mercier&open=17');
    expect(screen.getByLabelText('Search')).toHaveValue('mercier');
    await pause(URL_WRITE_DELAY_MS * 2);
    expect(written()).toEqual([]);
    // Typing on writes again.
    await type('Search', 's');
    await pause(URL_WRITE_DELAY_MS);
    expect(written()).toEqual(['?q=merciers']);
  });
});

/** What the late router shows: a location the test sets, as the router's own state would be. */
interface LateLocation {
  search: string;
  key: string;
  action: NavigationType;
}

/**
 * The list screen under a router that records the app's navigations and lands each one only
 * when the test calls `deliverNext()`; `deliver()` lands a navigation the app did not make.
 */
function renderWithLateRouter() {
  const writes: string[] = [];
  const queue: string[] = [];
  let shown: LateLocation = { search: '', key: 'start', action: NavigationType.Pop };
  const listeners = new Set<() => void>();
  let keys = 0;
  const show = (search: string, action: NavigationType) => {
    shown = { search, key: `k${++keys}`, action };
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const navigator: Navigator = {
    createHref: (to: To) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}`),
    go: () => undefined,
    push: () => undefined,
    replace: (to: To) => {
      const search = typeof to === 'string' ? new URL(to, 'http://x').search : (to.search ?? '');
      writes.push(search);
      queue.push(search);
    },
  };
  function LateRouter() {
    const location = useSyncExternalStore(subscribe, () => shown);
    return (
      <Router
        location={{ pathname: '/list', search: location.search, hash: '', state: null, key: location.key }}
        navigationType={location.action}
        navigator={navigator}
      >
        <ListScreen />
      </Router>
    );
  }
  render(<LateRouter />);
  return {
    written: () => [...writes],
    deliverNext: () =>
      act(() => {
        const search = queue.shift();
        if (search !== undefined) show(search, NavigationType.Replace);
        return Promise.resolve();
      }),
    deliver: (search: string) =>
      act(() => {
        show(search, NavigationType.Pop);
        return Promise.resolve();
      }),
  };
}
