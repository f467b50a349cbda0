import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { resetAppUpdate, setAppUpdateApplier, watchForMissingCode } from '@/lib/app-update';
import { rememberUpdateReload } from '@/lib/session-record';
import { RouteErrorBoundary } from './route-error';

/** A screen whose code failed to load, as React.lazy rethrows it. */
function ScreenWithoutCode(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/registrations-AbCd1234.js');
}

function renderFailedScreen() {
  // The boundary keeps the error for whoever opens the console; React reports it too.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  return render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <ScreenWithoutCode />
      </RouteErrorBoundary>
    </MemoryRouter>,
    { onCaughtError: () => undefined },
  );
}

let stopWatching: () => void = () => undefined;
afterEach(() => {
  stopWatching();
  resetAppUpdate();
  vi.restoreAllMocks();
});

describe('a screen that failed: after a deploy, never the crash page', () => {
  it('shows the crash page for an error that is not missing code', () => {
    renderFailedScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
  });

  it('shows a blank page while the tab reloads itself for the missing code', () => {
    stopWatching = watchForMissingCode(vi.fn());
    window.dispatchEvent(new Event('vite:preloadError'));
    const { container } = renderFailedScreen();

    expect(container.querySelector('.page[aria-busy="true"]')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('offers the new version in the screen’s place when the tab reloaded for it a moment ago', async () => {
    const apply = vi.fn();
    setAppUpdateApplier(apply);
    rememberUpdateReload(Date.now());
    stopWatching = watchForMissingCode(vi.fn());
    window.dispatchEvent(new Event('vite:preloadError'));
    renderFailedScreen();

    expect(
      screen.getByRole('heading', { level: 1, name: 'A new version of the dashboard is available' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
