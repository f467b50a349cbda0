import { screen, waitFor, within } from '@testing-library/react';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

const EVENT = DEMO_EVENT_IDS.trickySmall; // 45 registrations

beforeEach(() => {
  sizeRegistrationsTable(() => 4000);
});

/** The unique addresses of the paid rows, with a plain loop over the demo's data. */
function paidAddresses(): string[] {
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const r of getDemoDataset(TEST_TODAY).registrationsOf(EVENT)) {
    if (r.payment_status !== 'paid') continue;
    const address = r.email.trim();
    if (address === '' || seen.has(address.toLowerCase())) continue;
    seen.add(address.toLowerCase());
    addresses.push(address);
  }
  return addresses.sort();
}

describe('Copy e-mail addresses', () => {
  it('copies the unique addresses of the rows shown, batch by batch, and says what it copied', async () => {
    const expected = paidAddresses();
    expect(expected.length).toBeGreaterThan(10);
    const { user } = renderApp(`/events/${EVENT}/registrations?status=paid`);
    await screen.findByText(/All 45 registrations loaded/, {}, { timeout: 5000 });
    const exportButton = screen
      .getAllByRole('button', { name: 'Export' })
      .find((button) => button.hasAttribute('popovertarget'))!;
    await user.click(exportButton);
    await user.click(screen.getByRole('button', { name: /^Copy e-mail addresses…/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Copy e-mail addresses' });
    expect(dialog).toHaveTextContent(`${expected.length} addresses, each once, from the`);
    const size = within(dialog).getByRole('spinbutton', { name: 'Addresses per batch' });
    expect(size).toHaveValue(50);
    await user.clear(size);
    await user.type(size, '10');
    const batches = Math.ceil(expected.length / 10);
    const copyButtons = within(dialog).getAllByRole('button', { name: /^Copy batch / });
    expect(copyButtons).toHaveLength(batches);
    expect(
      within(dialog).getByText(`Batch ${batches}: addresses ${(batches - 1) * 10 + 1} to ${expected.length}`),
    ).toBeInTheDocument();

    const copied: string[] = [];
    for (const [index, button] of copyButtons.entries()) {
      await user.click(button);
      const text = await navigator.clipboard.readText();
      const batch = text.split(', ');
      expect(batch.length).toBe(index < batches - 1 ? 10 : expected.length - 10 * (batches - 1));
      copied.push(...batch);
      await waitFor(() =>
        expect(within(dialog).getByRole('status')).toHaveTextContent(
          `Batch ${index + 1} copied: ${batch.length} addresses.`,
        ),
      );
    }
    expect(copied.sort()).toEqual(expected);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
