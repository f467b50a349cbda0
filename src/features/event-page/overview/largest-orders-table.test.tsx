import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import i18n from '@/i18n';
import { orderGroups } from '@/engine/figures/order-groups';
import { registration } from '@/engine/figures/testing/demo-event';
import type { InsightLabels } from '@/features/registrations/insights/use-insight-labels';
import { registrationLabels } from '@/features/registrations/rows/registration-labels';
import { LargestOrdersTable } from './largest-orders-table';

// No categories listed: category 1 is an unknown id.
const labels: InsightLabels = {
  ...registrationLabels(i18n, 'en', []),
  total: 'Registrations',
  byCategory: 'By category',
  byStatus: 'By payment status',
  orders: 'Orders',
  ordersOfSize: (size) => `Orders of ${size}`,
  withoutOrder: 'Without an order',
  duplicates: 'Duplicates',
};

/** 25 orders of two people, and the tricky texts a participant may type. */
function groupOrders() {
  const registrations = Array.from({ length: 50 }, (_, i) =>
    registration({
      registration_id: i + 1,
      first_name: i === 0 ? '<b>Zoé</b>' : `First${i}`,
      last_name: `Last${i}`,
      order_id: `ORD-${String(Math.floor(i / 2)).padStart(2, '0')}`,
      category_id: i % 2 === 0 ? 1 : null,
      payment_status: i % 4 === 0 ? 'paid' : 'weird-status',
    }),
  );
  return orderGroups(registrations).orders;
}

const renderTable = () =>
  render(
    <MemoryRouter>
      <LargestOrdersTable eventId={1003} orders={groupOrders()} labels={labels} />
    </MemoryRouter>,
  );

describe('LargestOrdersTable', () => {
  it('shows the first 20 orders, all of them on demand, and back', async () => {
    const user = userEvent.setup();
    renderTable();
    const table = screen.getByRole('table', { name: 'Orders of two people or more, largest first' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20);

    await user.click(screen.getByRole('button', { name: 'Show all 25 orders' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 25);
    await user.click(screen.getByRole('button', { name: 'Show the first 20 only' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 20);
  });

  it('lists each order’s people, categories and mix of statuses, as text', () => {
    renderTable();
    const row = screen.getByRole('row', { name: /^ORD-00/ });
    expect(within(row).getByText('<b>Zoé</b> Last0')).toBeInTheDocument();
    expect(row.querySelector('b')).toBeNull();
    expect(within(row).getByText('Unknown category (#1)')).toBeInTheDocument();
    expect(within(row).getByText('No category')).toBeInTheDocument();
    expect(within(row).getByText('Paid: 1')).toBeInTheDocument();
    expect(within(row).getByText('weird-status (unknown status): 1')).toBeInTheDocument();
  });

  it('links each order to the table filtered on it, and each person to their details', () => {
    renderTable();
    const row = screen.getByRole('row', { name: /^ORD-00/ });
    expect(within(row).getByRole('link', { name: 'ORD-00' })).toHaveAttribute(
      'href',
      '/events/1003/registrations?order=ORD-00',
    );
    expect(within(row).getByRole('link', { name: '<b>Zoé</b> Last0' })).toHaveAttribute(
      'href',
      '/events/1003/registrations?open=1',
    );
  });
});
