import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS, getDemoDataset } from '@/mocks/data';
import { TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';
import { registration } from '@/engine/figures/testing/demo-event';
import { registrationLabels } from '../rows/registration-labels';
import { RowBuilder } from '../rows/registration-rows';
import { MailingDialog } from './mailing-dialog';

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
    await screen.findByText(/All 45 registrations loaded/);
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

describe.each([
  {
    language: 'en' as const,
    leftOut: 'Registrations with the status Cancelled or Refunded are left out: 2 of the rows shown.',
    unknown: '1 row shown has a status the app does not know (on hold): its address is kept.',
    summary: '2 addresses, each once, from the 4 rows shown.',
  },
  {
    language: 'fr' as const,
    leftOut: 'Les inscriptions au statut Annulé ou Remboursé sont laissées de côté : 2 des lignes affichées.',
    unknown:
      '1 ligne affichée a un statut que l’application ne connaît pas (on hold) : son adresse est gardée.',
    summary: '2 adresses, chacune une fois, des 4 lignes affichées.',
  },
])(
  'Copy e-mail addresses with statuses written other ways ($language)',
  ({ language, leftOut, unknown, summary }) => {
    it('leaves out "Cancelled" as cancelled, keeps an unknown status, and says which statuses it leaves out', async () => {
      const user = userEvent.setup();
      await i18n.changeLanguage(language);
      const rows = new RowBuilder(registrationLabels(i18n, language, [])).build(
        (
          [
            ['Cancelled', 'anne@example.com'],
            [' REFUNDED ', 'paul@example.org'],
            ['on hold', 'jo@example.fr'],
            ['paid', 'lea@example.fr'],
          ] as const
        ).map(([payment_status, email], index) =>
          registration({ registration_id: index + 1, payment_status, email }),
        ),
      );
      render(<MailingDialog rows={rows} onClose={() => undefined} />);
      const dialog = screen.getByRole('dialog');
      expect(dialog).toHaveTextContent(summary);
      expect(dialog).toHaveTextContent(`${leftOut} ${unknown}`);
      await user.click(within(dialog).getByRole('button', { name: /^(Copy batch|Copier le lot) 1$/ }));
      await waitFor(() => expect(within(dialog).getByRole('status')).not.toBeEmptyDOMElement());
      expect((await navigator.clipboard.readText()).split(', ')).toEqual(['jo@example.fr', 'lea@example.fr']);
    });
  },
);
