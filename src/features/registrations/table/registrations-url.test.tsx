import { screen, within } from '@testing-library/react';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations
const path = (search: string) => `/events/${EVENT}/registrations${search}`;

beforeEach(() => {
  sizeRegistrationsTable();
});

async function loaded() {
  await screen.findByText(/All 45 registrations loaded/);
  return screen.getByRole('region', { name: /Registrations of/ });
}

describe('a registrations link with values the screen cannot read', () => {
  // Each once showed the error page: decoding the list threw a URIError.
  it.each(['?cat=%25E0', '?status=%ZZ', '?hide=%25', '?sort=-&ans=abc,%25E0'])(
    'shows every registration for %s',
    async (search) => {
      renderApp(path(search));
      const table = await loaded();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByText('45 registrations')).toBeInTheDocument();
      expect(within(table).getAllByRole('row')).toHaveLength(46);
    },
  );

  it('drops only the broken value and keeps the rest of the view', async () => {
    const paid = getDemoDataset(TEST_TODAY)
      .registrationsOf(EVENT)
      .filter((r) => r.payment_status === 'paid').length;
    renderApp(path('?hide=%25,email&status=paid,%ZZ&cat=%25E0&sort=-'));
    const table = await loaded();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(`${paid} of 45 registrations match`)).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(paid + 1);
    expect(within(table).queryByRole('columnheader', { name: /E-mail/ })).not.toBeInTheDocument();
  });
});
