import { act, screen, within } from '@testing-library/react';
import Papa from 'papaparse';
import { deviceCopySettled } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { advanceDemoDays, DEMO_EVENT_IDS, resetDemoData } from '@/mocks/data';
import { renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations

freshIndexedDbForEachTest();

describe('the registrations screen and the copy on this device', () => {
  it('says when a list opens from the encrypted copy of this device', async () => {
    const first = renderApp(`/events/${EVENT}/registrations`);
    expect(await screen.findByText(/All 45 registrations loaded/)).toBeInTheDocument();
    expect(screen.queryByText(/Opened from the encrypted copy/)).toBeNull();
    await act(() => deviceCopySettled());
    // Closing the tab: a new page and a new cache, the same key; the copy stays on the device.
    first.unmount();

    renderApp(`/events/${EVENT}/registrations`);
    expect(
      await screen.findByText('Opened from the encrypted copy on this device, then checked for changes.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/All 45 registrations loaded/)).toBeInTheDocument();
  });
});

describe('what changed since the last visit, on the registrations screen', () => {
  beforeEach(() => {
    sizeRegistrationsTable();
  });
  afterEach(() => resetDemoData());

  /** Upcoming, 420 registrations: the demo's days change it. */
  const ALPINE = DEMO_EVENT_IDS.nullEnglish;

  it('links each count to exactly its rows, and exports exactly those rows', async () => {
    const first = renderApp(`/events/${ALPINE}/registrations`);
    expect(await screen.findByText(/All 420 registrations loaded/)).toBeInTheDocument();
    await act(() => deviceCopySettled());
    first.unmount();
    const day = advanceDemoDays(1, { eventIds: [ALPINE] }).events[0]!;
    const added = day.added.filter((id) => !day.deleted.includes(id));
    expect(added.length).toBeGreaterThan(0);

    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {
      saved.push(vi.mocked(URL.createObjectURL).mock.calls.at(-1)![0] as Blob);
    });
    const { user } = renderApp(`/events/${ALPINE}/registrations`);
    const summary = await screen.findByRole('region', { name: 'What changed' });
    const newLink = await within(summary).findByRole('link', { name: new RegExp(`^${added.length} new$`) });
    expect(within(summary).getByRole('combobox', { name: 'Since' })).toHaveDisplayValue(/^your last visit/);
    await user.click(newLink);

    expect(await screen.findByRole('button', { name: /Remove the filter “New since/ })).toBeInTheDocument();
    // The table's code may still be on its way: the rows are ready before it.
    const table = await screen.findByRole('region', { name: /Registrations of/ });
    const shownIds = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Number(within(row).getAllByRole('gridcell')[0]!.textContent));
    expect(shownIds.sort()).toEqual([...added].sort());

    await user.click(
      screen.getAllByRole('button', { name: 'Export' }).find((b) => b.hasAttribute('popovertarget'))!,
    );
    await user.click(screen.getByRole('button', { name: /Excel \(English\)/ }));
    await screen.findByText(/^Exported \d+ rows? to /);
    const text = new TextDecoder().decode(new Uint8Array(await saved[0]!.arrayBuffer()).slice(3));
    const [, ...rows] = Papa.parse<string[]>(text.trim(), { delimiter: ',', newline: '\r\n' }).data;
    expect(rows.map((row) => Number(row[0])).sort()).toEqual([...added].sort());
  });
});
