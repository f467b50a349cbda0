import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { SideSheet } from './side-sheet';
import { waitUntil } from '../../../test/wait-until';

describe('SideSheet', () => {
  // Development mode mounts twice: the first mount's clean-up closes the dialog, and its late
  // `close` event must not close the sheet that has just opened again.
  it('stays open when mounted twice, as React’s development mode does', async () => {
    const onClose = vi.fn();
    render(
      <StrictMode>
        <SideSheet title="Registration 7" closeLabel="Close" onClose={onClose}>
          <p>Details</p>
        </SideSheet>
      </StrictMode>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('dialog', { name: 'Registration 7' })).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitUntil(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
