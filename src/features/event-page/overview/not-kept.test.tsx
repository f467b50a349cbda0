import { act, screen, within } from '@testing-library/react';
import i18n from '@/i18n';
import { deviceCopySettled, forgetDeviceCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { renderApp } from '../../../../test/render';
import { counted, EVENT, openTshirtReading } from './testing/tshirt-answers';

freshIndexedDbForEachTest();

/*
 * What the event page keeps on this device besides the rows: when the device refuses to keep a
 * change ("Forget this device" here), the change holds for the tab, and the section says so.
 */
describe('a change the device cannot keep', () => {
  it('is a correction of how answers are read that the section says is lost when the tab closes', async () => {
    const { user, unmount } = renderApp(`/events/${EVENT}#answers`);
    const { question, table } = await openTshirtReading(user);
    expect(within(question).queryByText(/^Not kept on this device/)).toBeNull();

    await act(() => forgetDeviceCopy());
    await user.selectOptions(within(table).getByRole('combobox', { name: 'Count “M” as' }), 'L');

    expect(
      await within(question).findByText(
        'Not kept on this device: these corrections are lost when this tab closes.',
      ),
    ).toBeInTheDocument();
    // The correction holds for this tab: the figures count "M" as L.
    expect(
      await within(question).findByRole('link', {
        name: `${counted('L') + counted('M')} registrations: T-shirt size: L`,
      }),
    ).toBeInTheDocument();
    await act(() => deviceCopySettled());
    // The figures may be computed again after the save: nothing to see once the test ends.
    unmount();
  });

  it('is a group marked "Not a duplicate", hidden for this tab, with the warning', async () => {
    const { user, unmount } = renderApp(`/events/${EVENT}#duplicates`);
    const section = await screen.findByRole('region', { name: 'Possible duplicates' });
    const groupsBefore = (await within(section).findAllByRole('table')).length;

    await act(() => forgetDeviceCopy());
    await user.click(within(section).getAllByRole('button', { name: /^Not a duplicate/ })[0]!);

    expect(
      await within(section).findByText(
        'Not kept on this device: the groups marked “Not a duplicate” come back when this tab closes.',
      ),
    ).toBeInTheDocument();
    expect(within(section).getAllByRole('table')).toHaveLength(groupsBefore - 1);
    await act(() => deviceCopySettled());
    // The figures may be computed again after the save: nothing to see once the test ends.
    unmount();
  });

  it('is the link to the previous edition, which no longer claims to be kept, in French too', async () => {
    const { user, unmount } = renderApp(`/events/${EVENT}#editions`);
    const section = await screen.findByRole('region', { name: 'Editions' });
    await within(section).findByText(/Suggested previous edition:/);

    await act(() => forgetDeviceCopy());
    await user.click(within(section).getByRole('button', { name: 'Confirm' }));

    expect(
      await within(section).findByText('Not kept on this device: this link is lost when this tab closes.'),
    ).toBeInTheDocument();
    expect(within(section).queryByText('The link is kept on this device only.')).toBeNull();
    expect(within(section).getByText(/^Previous edition:/)).toBeInTheDocument();
    try {
      await act(() => i18n.changeLanguage('fr'));
      expect(
        within(section).getByText(
          'Non conservé sur cet appareil : ce lien sera perdu à la fermeture de cet onglet.',
        ),
      ).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
    await act(() => deviceCopySettled());
    // The figures may be computed again after the save: nothing to see once the test ends.
    unmount();
  });
});
