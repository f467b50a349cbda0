import { screen, waitFor, within } from '@testing-library/react';
import { deviceCopySettled, forgetDeviceCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { DEMO_EVENT_IDS, getDemoDataset, type RawRegistration } from '@/mocks/data';
import { TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';

/**
 * The merch order sheet of the 45-registration demo event, its counts recomputed here with a
 * plain loop: every size as typed ("S", "m", "Large"...) counted for the statuses ticked.
 */
freshIndexedDbForEachTest();

const EVENT = DEMO_EVENT_IDS.trickySmall;
const TSHIRT = 100301;
const source = (): readonly RawRegistration[] => getDemoDataset(TEST_TODAY).registrationsOf(EVENT);

function sizeCount(size: string, statuses: readonly string[]): number {
  return source().filter(
    (r) =>
      statuses.includes(r.payment_status ?? '') &&
      r.custom_questions.some((entry) => entry.que_id === TSHIRT && readGarmentSize(entry.reponse) === size),
  ).length;
}

async function openSheet(path = `/events/${EVENT}#merch`) {
  const rendered = renderApp(path);
  await screen.findByText('Computed from all 45 registrations.');
  const section = await screen.findByRole('region', { name: 'Merchandise order' });
  // The order frozen on this device, if any, is read: the choices open as it was made.
  await within(section).findByRole('button', { name: /^Freeze / });
  return { ...rendered, section };
}

const row = (table: HTMLElement, name: string) =>
  within(table).getByRole('rowheader', { name }).closest('tr')!;
const cellsOf = (tr: HTMLElement) =>
  within(tr)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the merch order sheet', () => {
  it('counts each size for every status but cancelled and refunded, then for the statuses ticked', async () => {
    const { user, section } = await openSheet();
    const table = within(section).getByRole('table', { name: 'Sizes to order: T-shirt size' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // Sizes in size order, whatever their counts.
    expect(headers.slice(1, -1)).toEqual(['XS', 'S', 'M', 'L', 'XXL']);
    const counted = ['paid', 'pending', 'free'];
    expect(cellsOf(row(table, 'Counted'))[2]).toBe(String(sizeCount('M', counted)));
    expect(within(section).getByRole('checkbox', { name: 'Cancelled' })).not.toBeChecked();

    await user.click(within(section).getByRole('checkbox', { name: 'Cancelled' }));
    expect(cellsOf(row(table, 'Counted'))[2]).toBe(String(sizeCount('M', [...counted, 'cancelled'])));
  });

  it('adds a spare margin rounded up per size, typed at machine speed', async () => {
    const { user, section } = await openSheet();
    const margin = within(section).getByRole('spinbutton', { name: 'Spare margin (%)' });
    await user.clear(margin);
    await user.type(margin, '10');
    expect(margin).toHaveValue(10);
    const table = within(section).getByRole('table', { name: 'Sizes to order: T-shirt size' });
    const counted = ['paid', 'pending', 'free'];
    const m = sizeCount('M', counted);
    expect(cellsOf(row(table, 'To order with 10 % spare'))[2]).toBe(String(Math.ceil(m * 1.1)));
  });

  it('freezes the order on this device, and shows nothing changed since', async () => {
    const { user, section } = await openSheet();
    // What the frozen order's status line said, in turn, from the moment it shows: a busy
    // machine may have finished saving before the heading below is found.
    const said: string[] = [];
    const watch = new MutationObserver(() => {
      for (const status of section.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (/on this device/.test(text) && text !== said.at(-1)) said.push(text);
      }
    });
    watch.observe(section, { childList: true, subtree: true, characterData: true });
    await user.click(await within(section).findByRole('button', { name: 'Freeze this order' }));
    const total = ['XS', 'S', 'M', 'L', 'XXL'].reduce(
      (sum, size) => sum + sizeCount(size, ['paid', 'pending', 'free']),
      0,
    );
    expect(
      await within(section).findByRole('heading', {
        name: new RegExp(`^Order frozen on .+: ${total} items\\.$`),
      }),
    ).toBeInTheDocument();
    expect(within(section).getByText('Nothing changed since the order.')).toBeInTheDocument();
    // Said kept once the engine wrote it, not before: a tab closed meanwhile would lose it.
    const frozen = within(section).getByRole('region', { name: /^Order frozen on / });
    const keeping = within(frozen).getByRole('status');
    await waitFor(() => expect(keeping).toHaveTextContent('Kept on this device, encrypted.'));
    watch.disconnect();
    expect(said).toEqual(['Saving it on this device…', 'Kept on this device, encrypted.']);
    await user.click(within(section).getByRole('button', { name: 'Forget the frozen order' }));
    expect(await within(section).findByRole('button', { name: 'Freeze this order' })).toBeInTheDocument();
  });

  it('says so when the order cannot be kept on this device', async () => {
    const { user, section } = await openSheet();
    expect(await forgetDeviceCopy()).toBe(true);
    await user.click(within(section).getByRole('button', { name: 'Freeze this order' }));
    expect(await within(section).findByText('Nothing changed since the order.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(within(section).getByRole('region', { name: /^Order frozen on / })).getByRole('status'),
      ).toHaveTextContent(
        'Not kept on this device: it is lost when this tab closes. Freeze it again to retry.',
      ),
    );
  });

  it('adds up the categories given the same group name, typed at machine speed, and keeps them with the order', async () => {
    const { user, section, unmount } = await openSheet();
    const table = () => within(section).getByRole('table', { name: 'Sizes to order: T-shirt size' });
    const totalOf = (name: string) => Number(cellsOf(row(table(), name)).at(-1));
    const groups = within(table())
      .getAllByRole('rowheader')
      .map((header) => header.textContent ?? '')
      .filter((name) => name !== 'Counted');
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const [first, second] = groups as [string, string];
    const together = totalOf(first) + totalOf(second);

    await user.selectOptions(within(section).getByRole('combobox', { name: 'Group by' }), 'Groups I name');
    const names = within(section).getByRole('group', { name: 'Name the groups' });
    await user.type(within(names).getByRole('textbox', { name: first }), 'Adults');
    await user.type(within(names).getByRole('textbox', { name: second }), ' adults ');
    expect(totalOf('Adults')).toBe(together);
    expect(within(table()).queryByRole('rowheader', { name: first })).toBeNull();
    // Every answer still counts once.
    expect(totalOf('Counted')).toBe(
      ['XS', 'S', 'M', 'L', 'XXL'].reduce(
        (sum, size) => sum + sizeCount(size, ['paid', 'pending', 'free']),
        0,
      ),
    );

    // Frozen, the order's groups are what the tab opens with next time.
    await user.click(within(section).getByRole('button', { name: 'Freeze this order' }));
    await within(section).findByText('Nothing changed since the order.');
    await deviceCopySettled();
    unmount();
    const reopened = await openSheet();
    const grouping = within(reopened.section).getByRole('combobox', { name: 'Group by' });
    await waitFor(() => expect(grouping).toHaveDisplayValue('Groups I name'));
    expect(within(reopened.section).getByRole('textbox', { name: first })).toHaveValue('Adults');
  });

  it('reads in French', async () => {
    const { user } = await openSheet();
    await user.click(screen.getByRole('button', { name: 'Français' }));
    const section = await screen.findByRole('region', { name: 'Commande de textile' });
    expect(
      within(section).getByRole('table', { name: 'Tailles à commander : Taille de t-shirt' }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('checkbox', { name: 'Annulé' })).not.toBeChecked();
  });
});
