import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_EVENT_IDS, getDemoDataset, resetDemoData, type RawRegistration } from '@/mocks/data';
import { TEST_TODAY } from '../../../../test/msw-server';
import { currentPath, renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations, several in one order
const path = (search = '') => `/events/${EVENT}/registrations${search}`;
const source = () => getDemoDataset(TEST_TODAY).registrationsOf(EVENT);

afterEach(() => resetDemoData());

beforeEach(() => {
  sizeRegistrationsTable();
});

async function loaded() {
  await screen.findByText(/All 45 registrations loaded/);
  return screen.getByRole('region', { name: /Registrations of/ });
}

type Router = Parameters<typeof currentPath>[0];
const param = (router: Router, name: string) =>
  new URLSearchParams(currentPath(router).split('?')[1] ?? '').get(name);

/** The registrations of the demo event that share their order with someone else. */
function sharedOrder() {
  const byOrder = new Map<string, number[]>();
  for (const registration of source()) {
    const order = registration.order_id.trim();
    byOrder.set(order, [...(byOrder.get(order) ?? []), registration.registration_id]);
  }
  const [order, ids] = [...byOrder].find(([, members]) => members.length >= 2)!;
  return { order, ids };
}

describe('registration details', () => {
  // The table is sorted by last name, descending: the details follow its rows, not the API's order.
  it('moves through the rows in the table’s order with Previous, Next and the arrow keys', async () => {
    const { user, router } = renderApp(path('?sort=-last_name'));
    const table = await loaded();
    const firstRowId = Number(within(table).getAllByRole('row')[1]!.querySelector('button')!.textContent);
    const opener = within(table).getByRole('button', { name: new RegExp(`registration ${firstRowId},`) });
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: `Registration ${firstRowId}` });
    expect(within(panel).getByText('1 of 45')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');

    const secondRowId = Number(within(table).getAllByRole('row')[2]!.querySelector('button')!.textContent);
    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    await screen.findByRole('dialog', { name: `Registration ${secondRowId}` });
    expect(screen.getByText('2 of 45')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    const thirdRowId = Number(within(table).getAllByRole('row')[3]!.querySelector('button')!.textContent);
    await screen.findByRole('dialog', { name: `Registration ${thirdRowId}` });
    expect(screen.getByText('3 of 45')).toBeInTheDocument();
    await waitFor(() => expect(param(router, 'open')).toBe(String(thirdRowId)));
    // Moving through the list keeps where focus goes back on close: the row's button that opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('opens from a link with ?open=, and says so when the registration is not in the list', async () => {
    const target = source()[7]!;
    const { user, router } = renderApp(path(`?open=${target.registration_id}`));
    await loaded();
    const panel = await screen.findByRole('dialog', { name: `Registration ${target.registration_id}` });
    expect(within(panel).getByText(target.email)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(param(router, 'open')).toBeNull());

    renderApp(path('?open=999999999'));
    expect(
      await screen.findByText('Registration 999999999 is not in this event’s list.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links to the other people of the same order, and to the table filtered on the order', async () => {
    const { order, ids } = sharedOrder();
    const [first, second] = ids as [number, number];
    const others = source().filter((r) => r.order_id.trim() === order && r.registration_id !== first);
    const { user, router } = renderApp(path(`?open=${first}`));
    await loaded();
    const panel = await screen.findByRole('dialog', { name: `Registration ${first}` });
    const sameOrder = within(panel).getByRole('heading', { name: `Also in this order (${others.length})` });
    expect(sameOrder).toBeInTheDocument();
    const secondPerson = source().find((r) => r.registration_id === second)!;
    await user.click(
      within(panel).getByRole('link', {
        name: `Details of registration ${second}, ${secondPerson.first_name} ${secondPerson.last_name}`,
      }),
    );
    await screen.findByRole('dialog', { name: `Registration ${second}` });
    expect(param(router, 'open')).toBe(String(second));

    await user.click(screen.getByRole('link', { name: `All registrations of order ${order}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(param(router, 'order')).toBe(order);
    const table = screen.getByRole('region', { name: /Registrations of/ });
    expect(within(table).getAllByRole('row')).toHaveLength(ids.length + 1);
    expect(screen.getByText(`${ids.length} of 45 registrations match`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Remove the filter order ${order}` }));
    expect(within(table).getAllByRole('row')).toHaveLength(46);
  });
});

describe('registration details of a person registered twice in one order', () => {
  // 260 registrations, among them an order where one person signed up twice (same name, same
  // e-mail) beside someone else.
  const TWICE_EVENT = DEMO_EVENT_IDS.emptyEnglishPlace;
  const registrations = () => getDemoDataset(TEST_TODAY).registrationsOf(TWICE_EVENT);
  const nameOf = (r: RawRegistration) => `${r.first_name} ${r.last_name}`;

  /** That order: the person's two registrations and the order's other people. */
  function twiceInOneOrder() {
    const byOrder = new Map<string, RawRegistration[]>();
    for (const r of registrations()) byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), r]);
    for (const members of byOrder.values()) {
      const first = members.find((r) =>
        members.some((o) => o !== r && nameOf(o) === nameOf(r) && o.email === r.email),
      );
      const again = members.find((o) => first && o !== first && nameOf(o) === nameOf(first));
      if (first && again && members.length > 2) return { first, again, members };
    }
    throw new Error('no one registered twice in one order');
  }

  it('tells the two registrations apart, and following one leaves the focus in the sheet', async () => {
    const { first, again, members } = twiceInOneOrder();
    const { user } = renderApp(`/events/${TWICE_EVENT}/registrations?open=${first.registration_id}`);
    await screen.findByText(/All 260 registrations loaded/);
    let sheet = await screen.findByRole('dialog', { name: `Registration ${first.registration_id}` });

    // Each other registration of the order is a link named by its registration, the person's
    // second one included: not a second "link" to the registration already open.
    const list = within(sheet).getByRole('list');
    const others = members.filter((r) => r !== first);
    expect(within(list).getAllByRole('link')).toHaveLength(others.length);
    for (const other of others) {
      const name = `Details of registration ${other.registration_id}, ${nameOf(other)}`;
      expect(within(list).getByRole('link', { name })).toBeInTheDocument();
    }
    const toAgain = within(sheet).getByRole('link', {
      name: `Details of registration ${again.registration_id}, ${nameOf(again)}`,
    });
    expect(toAgain.closest('li')).toHaveTextContent(`#${again.registration_id}`);

    // Followed from the keyboard: the sheet shows the second registration and keeps the focus,
    // on its title, so the arrow keys still move through the list.
    toAgain.focus();
    await user.keyboard('{Enter}');
    sheet = await screen.findByRole('dialog', { name: `Registration ${again.registration_id}` });
    expect(within(sheet).getByRole('heading', { level: 2 })).toHaveFocus();
    expect(
      within(sheet).getByRole('link', {
        name: `Details of registration ${first.registration_id}, ${nameOf(first)}`,
      }),
    ).toBeInTheDocument();
    const before = registrations()[registrations().indexOf(again) - 1]!;
    await user.keyboard('{ArrowLeft}');
    await screen.findByRole('dialog', { name: `Registration ${before.registration_id}` });
  });
});
