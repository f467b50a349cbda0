import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { Registration } from '@/engine/api/registration-schemas';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';
import { QueryClient } from '@tanstack/react-query';
import { registrationLabels } from '../rows/registration-labels';
import { eventModels } from '../rows/registrations-model';
import { CheckInDialog } from './check-in-dialog';
import { DEFAULT_CHECK_IN_OPTIONS, type CheckInPrintOptions } from './print-options';

const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.printable);
const LEFT_OUT = registrations.filter((r) =>
  ['cancelled', 'refunded'].includes(r.payment_status ?? ''),
).length;

function setUp(
  options: CheckInPrintOptions = DEFAULT_CHECK_IN_OPTIONS,
  language: 'en' | 'fr' = 'en',
  list: readonly Registration[] = registrations,
) {
  const labels = registrationLabels(i18n, language, categories);
  const model = eventModels(new QueryClient(), DEMO_EVENT_IDS.printable).build(list, labels);
  const onPrint = vi.fn();
  const onCancel = vi.fn();
  render(
    <CheckInDialog
      rows={model.rows}
      columnIds={model.columnIds}
      titles={model.titles}
      options={options}
      onPrint={onPrint}
      onCancel={onCancel}
    />,
  );
  return { onPrint, onCancel, dialog: screen.getByRole('dialog', { name: /check-in list|liste d’accueil/ }) };
}

describe('CheckInDialog', () => {
  it('opens with the last choices, says how many are left out, and prints what was chosen', async () => {
    const user = userEvent.setup();
    const { onPrint, dialog } = setUp();
    const box = within(dialog);
    expect(
      box.getByRole('checkbox', { name: /^Leave out registrations with the status Cancelled or Refunded/ }),
    ).toBeChecked();
    expect(box.getByText(`This leaves out ${LEFT_OUT} of the rows shown.`)).toBeInTheDocument();
    expect(box.getByText(`${registrations.length - LEFT_OUT} registrations to print`)).toBeInTheDocument();
    expect(box.getByRole('radio', { name: /Usual ranges/ })).toBeChecked();
    // The usual ranges' people, every category together, then the names without a Latin initial.
    expect(box.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^A–F: \d+ people$/),
      expect.stringMatching(/^G–M: \d+ people$/),
      expect.stringMatching(/^N–S: \d+ people$/),
      expect.stringMatching(/^T–Z: \d+ people$/),
      expect.stringMatching(/^Other names: \d+ people$/),
    ]);

    await user.click(box.getByRole('checkbox', { name: 'T-shirt size' }));
    await user.click(box.getByRole('checkbox', { name: 'Payment' }));
    await user.click(box.getByRole('radio', { name: /Balanced/ }));
    const count = box.getByRole('spinbutton', { name: 'Number of desks' });
    await user.clear(count);
    await user.type(count, '3');
    expect(
      box.getAllByRole('listitem').filter((item) => /^[A-Z]–[A-Z]/.test(item.textContent ?? '')),
    ).toHaveLength(3);
    await user.click(box.getByRole('checkbox', { name: /Start each desk on a new page/ }));
    await user.click(box.getByRole('button', { name: 'Print' }));
    expect(onPrint).toHaveBeenCalledWith({
      columns: ['last_name', 'first_name', 'category', 'order_id', 'q:103001'],
      leaveOutCancelled: true,
      desks: 3,
      pagePerDesk: true,
    });
  });

  it('counts the people to print without leaving anyone out when asked', async () => {
    const user = userEvent.setup();
    const { dialog } = setUp();
    await user.click(
      within(dialog).getByRole('checkbox', { name: /^Leave out registrations with the status/ }),
    );
    expect(within(dialog).getByText(`${registrations.length} registrations to print`)).toBeInTheDocument();
  });

  it('will not print without a column or with a desk count out of range, and says why', async () => {
    const user = userEvent.setup();
    const { onPrint, dialog } = setUp({ ...DEFAULT_CHECK_IN_OPTIONS, columns: ['last_name'], desks: 2 });
    const box = within(dialog);
    expect(box.getByRole('spinbutton', { name: 'Number of desks' })).toHaveValue(2);
    const count = box.getByRole('spinbutton', { name: 'Number of desks' });
    await user.clear(count);
    await user.type(count, '40');
    expect(count).toHaveAccessibleDescription('Enter a number of desks from 1 to 20.');
    expect(box.getByRole('button', { name: 'Print' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '5');
    await user.click(box.getByRole('checkbox', { name: 'Last name' }));
    expect(box.getByText('Choose at least one column.')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Print' })).toBeDisabled();
    await user.type(count, '{Enter}');
    expect(onPrint).not.toHaveBeenCalled();
  });

  it('cancels with Escape or Cancel, printing nothing', async () => {
    const user = userEvent.setup();
    const first = setUp();
    await user.keyboard('{Escape}');
    expect(first.onCancel).toHaveBeenCalledTimes(1);
    expect(first.onPrint).not.toHaveBeenCalled();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { dialog } = setUp(DEFAULT_CHECK_IN_OPTIONS, 'fr');
    const box = within(dialog);
    expect(
      box.getByRole('checkbox', { name: /^Exclure les inscriptions au statut Annulé ou Remboursé/ }),
    ).toBeChecked();
    expect(box.getByText(`Cela exclut ${LEFT_OUT} des lignes affichées.`)).toBeInTheDocument();
    expect(box.getByRole('checkbox', { name: 'Taille de t-shirt' })).not.toBeChecked();
    expect(box.getByRole('button', { name: 'Imprimer' })).toBeEnabled();
    expect(box.getAllByRole('listitem')[0]).toHaveTextContent(/^A–F : \d+ personnes$/);
  });

  describe.each([
    {
      language: 'en' as const,
      leaveOut: 'Leave out registrations with the status Cancelled or Refunded',
      count: 'This leaves out 2 of the rows shown.',
      unknown: '2 rows shown have a status the app does not know (on hold, Annulé): they are never left out.',
      toPrint: '3 registrations to print',
    },
    {
      language: 'fr' as const,
      leaveOut: 'Exclure les inscriptions au statut Annulé ou Remboursé',
      count: 'Cela exclut 2 des lignes affichées.',
      unknown:
        '2 lignes affichées ont un statut que l’application ne connaît pas (on hold, Annulé)\u00a0: elles ne sont jamais exclues.',
      toPrint: '3 inscriptions à imprimer',
    },
  ])('with statuses written other ways ($language)', ({ language, leaveOut, count, unknown, toPrint }) => {
    const written = ['Cancelled', ' REFUNDED ', 'on hold', 'Annulé', 'Paid'].map((status, index) =>
      registration({ registration_id: 900 + index, last_name: `Name${index}`, payment_status: status }),
    );

    it('leaves out "Cancelled" as cancelled, keeps and counts an unknown status, and says which it leaves out', async () => {
      await i18n.changeLanguage(language);
      const { dialog } = setUp(DEFAULT_CHECK_IN_OPTIONS, language, written);
      const box = within(dialog);
      const option = box.getByRole('checkbox', { name: new RegExp(`^${leaveOut}`) });
      expect(option).toBeChecked();
      expect(option).toHaveAccessibleDescription(`${count} ${unknown}`);
      expect(box.getByText(toPrint)).toBeInTheDocument();
    });
  });
});
