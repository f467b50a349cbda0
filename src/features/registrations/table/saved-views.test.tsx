import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import {
  deviceCopySettled,
  forgetDeviceCopy,
  readSavedViewsCopy,
  saveSavedViewsCopy,
} from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { startSession } from '@/lib/session';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_SESSION } from '../../../../test/fixtures';
import { TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';
import { DEFAULT_LABEL_OPTIONS, type PrintChoices } from '../export/print-options';
import { parseSavedViews, savedViewsRecord } from '../rows/saved-views';

/**
 * Until the copy on the device settled, with what the screen shows of it: a save's end reaches
 * the screen through React Query, which tells its observers in a task of its own.
 */
async function copySettled(): Promise<void> {
  await act(async () => {
    await deviceCopySettled();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

freshIndexedDbForEachTest();

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations
const path = (search = '') => `/events/${EVENT}/registrations${search}`;
const source = () => getDemoDataset(TEST_TODAY).registrationsOf(EVENT);

beforeEach(() => {
  sizeRegistrationsTable(() => 4000);
});

async function loaded() {
  await screen.findByText(/All 45 registrations loaded/);
  return screen.getByRole('region', { name: /Registrations of/ });
}
const menuButton = (name: string) =>
  screen.getAllByRole('button', { name }).find((button) => button.hasAttribute('popovertarget'))!;
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('saved views', () => {
  it('saves the current view on the device, reopens it after a reload, renames and deletes it; sign-out wipes it', async () => {
    const notCancelled = source().filter((r) => r.payment_status !== 'cancelled').length;
    const first = renderApp(path('?notstatus=cancelled&sort=-last_name&hide=email'));
    await loaded();
    await first.user.click(menuButton('Views'));
    expect(screen.getByText('No saved view for this event yet.')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: /^Save the current view…/ }));
    let dialog = screen.getByRole('dialog', { name: 'Save the current view' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await first.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give the view a name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    // Typed by the promoter, shown as text.
    await first.user.type(name, '<b>Not cancelled</b>{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      await screen.findByText(/View “<b>Not cancelled<\/b>” saved on this device\./),
    ).toBeInTheDocument();
    await copySettled();
    first.unmount();

    // A new visit (a reload: a new page, a new cache) finds it in the device copy.
    const second = renderApp(path());
    const table = await loaded();
    expect(bodyRows(table)).toHaveLength(45);
    await second.user.click(menuButton('Views'));
    await second.user.click(await screen.findByRole('button', { name: '<b>Not cancelled</b>' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(notCancelled));
    await waitFor(() =>
      expect(second.router.state.location.search).toBe('?notstatus=cancelled&sort=-last_name&hide=email'),
    );
    expect(screen.getByText('View “<b>Not cancelled</b>” opened.')).toBeInTheDocument();

    await second.user.click(menuButton('Views'));
    expect(screen.getByRole('button', { name: '<b>Not cancelled</b> (shown now)' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await second.user.click(screen.getByRole('button', { name: 'Rename <b>Not cancelled</b>' }));
    dialog = screen.getByRole('dialog', { name: 'Rename the view' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await second.user.clear(field);
    await second.user.type(field, 'Everyone but the cancelled{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await copySettled();
    const stored = parseSavedViews((await readSavedViewsCopy(EVENT))?.value);
    expect(stored.map((view) => [view.name, view.search])).toEqual([
      ['Everyone but the cancelled', 'notstatus=cancelled&sort=-last_name&hide=email'],
    ]);

    await second.user.click(menuButton('Views'));
    await second.user.click(screen.getByRole('button', { name: 'Delete Everyone but the cancelled' }));
    await second.user.click(
      within(
        screen.getByRole('alertdialog', { name: 'Delete the view “Everyone but the cancelled”?' }),
      ).getByRole('button', { name: 'Delete' }),
    );
    await copySettled();
    expect(parseSavedViews((await readSavedViewsCopy(EVENT))?.value)).toEqual([]);

    // Saved again, then signed out: the device keeps nothing of it.
    await second.user.click(menuButton('Views'));
    await second.user.click(screen.getByRole('button', { name: /^Save the current view…/ }));
    await second.user.type(screen.getByRole('textbox', { name: 'Name' }), 'Again{Enter}');
    await screen.findByText('View “Again” saved on this device.');
    await copySettled();
    expect(parseSavedViews((await readSavedViewsCopy(EVENT))?.value)).toHaveLength(1);
    await second.user.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    // The sign-in screen is on: what it reads as the wipe ends (its address) lands inside act.
    await copySettled();
    second.unmount();
    startSession(TEST_SESSION);
    expect(await readSavedViewsCopy(EVENT)).toBeNull();
  });

  it('says a view saved once the device was forgotten lasts for this tab only, and warns in the menu', async () => {
    const { user } = renderApp(path('?notstatus=cancelled'));
    await loaded();
    await act(() => forgetDeviceCopy());
    await user.click(menuButton('Views'));
    await user.click(screen.getByRole('button', { name: /^Save the current view…/ }));
    const dialog = screen.getByRole('dialog', { name: 'Save the current view' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Not cancelled{Enter}');
    expect(
      await screen.findByText(
        'View “Not cancelled” saved for this tab only: it could not be kept on this device.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/saved on this device/)).toBeNull();
    expect(
      screen.getByText('Not kept on this device: the views saved now are lost when this tab closes.'),
    ).toBeInTheDocument();
  });

  it('opens a view whose category and column are gone with what still applies, and says what was dropped', async () => {
    const rows = source();
    const kept = rows.find((r) => r.category_id !== null)!.category_id;
    startSession(TEST_SESSION);
    await saveSavedViewsCopy(
      EVENT,
      savedViewsRecord([
        {
          id: 'v1',
          name: 'Old season',
          search: `notcat=${kept},999&sort=q:999999&hide=order_id`,
          savedAt: 0,
          names: { categories: { '999': 'Trail 80 km' }, columns: { 'q:999999': 'Shuttle' } },
          print: { later: true },
        },
      ]),
    );
    await copySettled();
    const { user, router } = renderApp(path());
    const table = await loaded();
    await user.click(menuButton('Views'));
    await user.click(await screen.findByRole('button', { name: 'Old season' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?notcat=${kept}&hide=order_id`));
    await waitFor(() =>
      expect(bodyRows(table)).toHaveLength(rows.filter((r) => r.category_id !== kept).length),
    );
    expect(
      screen.getByText(
        'View “Old season” opened with what still applies. Left out, as they no longer exist: the category “Trail 80 km”, the column “Shuttle”.',
      ),
    ).toBeInTheDocument();
    // Renaming keeps what a later feature stored beside it.
    await user.click(menuButton('Views'));
    await user.click(screen.getByRole('button', { name: 'Rename Old season' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'This season{Enter}');
    await copySettled();
    expect(parseSavedViews((await readSavedViewsCopy(EVENT))?.value)[0]).toMatchObject({
      name: 'This season',
      print: { later: true },
    });
  });

  it('keeps the print dialogs’ choices with a view saved, and gives them back when it opens', async () => {
    const choices: PrintChoices = {
      checkIn: {
        columns: ['last_name', 'first_name', 'category'],
        leaveOutCancelled: false,
        desks: 3,
        pagePerDesk: true,
      },
      labels: DEFAULT_LABEL_OPTIONS,
    };
    startSession(TEST_SESSION);
    await saveSavedViewsCopy(
      EVENT,
      savedViewsRecord([
        {
          id: 'v1',
          name: 'Desks',
          search: 'sort=last_name',
          savedAt: 0,
          names: { categories: {}, columns: {} },
          print: choices,
        },
      ]),
    );
    await copySettled();
    const { user } = renderApp(path());
    await loaded();
    await user.click(menuButton('Views'));
    await user.click(await screen.findByRole('button', { name: 'Desks' }));
    await screen.findByText('View “Desks” opened.');

    await user.click(menuButton('Export'));
    await user.click(screen.getByRole('button', { name: /^Print the check-in list/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Print the check-in list' });
    const box = within(dialog);
    expect(
      box.getByRole('checkbox', { name: /Leave out registrations with the status Cancelled or Refunded/ }),
    ).not.toBeChecked();
    expect(box.getByRole('radio', { name: /Balanced/ })).toBeChecked();
    expect(box.getByRole('spinbutton', { name: 'Number of desks' })).toHaveValue(3);
    expect(box.getByRole('checkbox', { name: /Start each desk on a new page/ })).toBeChecked();
    expect(box.getByRole('checkbox', { name: 'Category' })).toBeChecked();
    expect(box.getByRole('checkbox', { name: 'Payment' })).not.toBeChecked();
    await user.click(box.getByRole('button', { name: 'Cancel' }));

    // Saved again under another name: the choices on screen go with it.
    await user.click(menuButton('Views'));
    await user.click(screen.getByRole('button', { name: /^Save the current view…/ }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Desks again{Enter}');
    await copySettled();
    const stored = parseSavedViews((await readSavedViewsCopy(EVENT))?.value);
    expect(stored.find((view) => view.name === 'Desks again')?.print).toEqual(choices);
  });

  it('lists the saved views with the browser offline: they are read from this device', async () => {
    startSession(TEST_SESSION);
    await saveSavedViewsCopy(
      EVENT,
      savedViewsRecord([
        {
          id: 'v1',
          name: 'Paid only',
          search: 'status=paid',
          savedAt: 0,
          names: { categories: {}, columns: {} },
        },
      ]),
    );
    await copySettled();
    onlineManager.setOnline(false);
    const { user, queryClient } = renderApp(path());
    try {
      await user.click(await screen.findByRole('button', { name: 'Views' }));
      expect(await screen.findByRole('button', { name: 'Paid only' })).toBeInTheDocument();
    } finally {
      act(() => onlineManager.setOnline(true));
    }
    // Back online, the screen's paused requests go out: let them land before the test ends.
    await loaded();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });
});
