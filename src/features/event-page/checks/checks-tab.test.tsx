import { act, screen } from '@testing-library/react';
import { deviceCopySettled, forgetDeviceCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { renderApp } from '../../../../test/render';

freshIndexedDbForEachTest();

/** A demo event of 420 registrations with findings in every kind of check. */
const EVENT = 1005;

describe('the Checks tab', () => {
  it('says when the findings marked fine cannot be kept on this device, and still marks them for this tab', async () => {
    const { user } = renderApp(`/events/${EVENT}#checks`);
    const fineButtons = await screen.findAllByRole(
      'button',
      { name: /^This is fine: / },
      { timeout: 10_000 },
    );
    expect(screen.queryByText(/^Not kept on this device/)).toBeNull();

    await act(() => forgetDeviceCopy());
    await user.click(fineButtons[0]!);

    expect(
      await screen.findByText(
        'Not kept on this device: the findings marked fine are lost when this tab closes.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText(/^1 finding marked fine/)).toBeInTheDocument();
    await act(() => deviceCopySettled());
  });
});
