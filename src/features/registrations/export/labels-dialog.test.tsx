import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import type { Registration } from '@/engine/api/registration-schemas';
import { demoEvent, registration } from '@/engine/figures/testing/demo-event';
import { registrationLabels } from '../rows/registration-labels';
import { eventModels } from '../rows/registrations-model';
import { LabelsDialog } from './labels-dialog';
import { DEFAULT_LABEL_OPTIONS, type LabelPrintOptions } from './print-options';

const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.printable);
const KEPT = registrations.filter((r) => !['cancelled', 'refunded'].includes(r.payment_status ?? '')).length;

function setUp(
  options: LabelPrintOptions = DEFAULT_LABEL_OPTIONS,
  language: 'en' | 'fr' = 'en',
  list: readonly Registration[] = registrations,
) {
  const labels = registrationLabels(i18n, language, categories);
  const model = eventModels(new QueryClient(), DEMO_EVENT_IDS.printable).build(list, labels);
  const onPrint = vi.fn();
  const onCancel = vi.fn();
  render(
    <LabelsDialog
      rows={model.rows}
      columnIds={model.columnIds}
      titles={model.titles}
      options={options}
      onPrint={onPrint}
      onCancel={onCancel}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: /labels|étiquettes/ });
  return { onPrint, onCancel, box: within(dialog) };
}

describe('LabelsDialog', () => {
  it('says how many labels on how many sheets as the sheet and the start change, and prints what was chosen', async () => {
    const user = userEvent.setup();
    const { onPrint, box } = setUp();
    expect(box.getByRole('radio', { name: 'A4, 3 × 8 labels of 70 × 37 mm' })).toBeChecked();
    expect(box.getByText(`${KEPT} labels on ${Math.ceil(KEPT / 24)} sheets`)).toBeInTheDocument();
    await user.click(box.getByRole('radio', { name: 'US Letter, 3 × 10 labels of 2⅝ × 1 in' }));
    const start = box.getByRole('spinbutton', { name: 'Start at label' });
    await user.clear(start);
    await user.type(start, '12');
    expect(box.getByText(`${KEPT} labels on ${Math.ceil((KEPT + 11) / 30)} sheets`)).toBeInTheDocument();
    await user.click(box.getByRole('checkbox', { name: 'Order number' }));
    await user.click(box.getByRole('checkbox', { name: 'Category' }));
    await user.selectOptions(box.getByRole('combobox', { name: 'Answer to a question' }), 'T-shirt size');
    await user.click(box.getByRole('button', { name: 'Print' }));
    expect(onPrint).toHaveBeenCalledWith(
      {
        sheet: 'letter-3x10',
        name: true,
        category: false,
        order: true,
        answer: 'q:103001',
        leaveOutCancelled: true,
      },
      12,
    );
  });

  it('will not print without a field or with a start past the sheet, and says why', async () => {
    const user = userEvent.setup();
    const { onPrint, box } = setUp({ ...DEFAULT_LABEL_OPTIONS, category: false, sheet: 'a4-2x7' });
    const start = box.getByRole('spinbutton', { name: 'Start at label' });
    await user.clear(start);
    await user.type(start, '15');
    expect(start).toHaveAccessibleDescription(expect.stringContaining('Enter a label number from 1 to 14.'));
    expect(box.getByRole('button', { name: 'Print' })).toBeDisabled();
    await user.clear(start);
    await user.type(start, '14');
    await user.click(box.getByRole('checkbox', { name: 'Name' }));
    expect(box.getByText('Choose at least one thing to print on the labels.')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Print' })).toBeDisabled();
    // An answer alone is enough.
    await user.selectOptions(box.getByRole('combobox', { name: 'Answer to a question' }), 'T-shirt size');
    await user.click(box.getByRole('button', { name: 'Print' }));
    expect(onPrint).toHaveBeenCalledWith(expect.objectContaining({ name: false, answer: 'q:103001' }), 14);
  });

  it('forgets an answer to a question this event does not have', () => {
    const { box } = setUp({ ...DEFAULT_LABEL_OPTIONS, answer: 'q:99' });
    expect(box.getByRole('combobox', { name: 'Answer to a question' })).toHaveValue('');
  });

  it('speaks French, and Escape cancels', async () => {
    const user = userEvent.setup();
    await i18n.changeLanguage('fr');
    const { onCancel, onPrint, box } = setUp(DEFAULT_LABEL_OPTIONS, 'fr');
    expect(box.getByText(`${KEPT} étiquettes sur ${Math.ceil(KEPT / 24)} planches`)).toBeInTheDocument();
    expect(box.getByRole('radio', { name: 'A4, 2 × 7 étiquettes de 99,1 × 38,1 mm' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onPrint).not.toHaveBeenCalled();
  });

  describe.each([
    {
      language: 'en' as const,
      leaveOut: 'Leave out registrations with the status Cancelled or Refunded',
      said: 'This leaves out 2 of the rows shown. 1 row shown has a status the app does not know (on hold): it is never left out.',
      kept: '3 labels on 1 sheet',
      all: '5 labels on 1 sheet',
    },
    {
      language: 'fr' as const,
      leaveOut: 'Exclure les inscriptions au statut Annulé ou Remboursé',
      said: 'Cela exclut 2 des lignes affichées. 1 ligne affichée a un statut que l’application ne connaît pas (on hold)\u00a0: elle n’est jamais exclue.',
      kept: '3 étiquettes sur 1 planche',
      all: '5 étiquettes sur 1 planche',
    },
  ])('with statuses written other ways ($language)', ({ language, leaveOut, said, kept, all }) => {
    const written = ['Cancelled', 'refunded ', 'on hold', 'paid', 'PAID'].map((status, index) =>
      registration({ registration_id: 900 + index, last_name: `Name${index}`, payment_status: status }),
    );

    it('leaves out "Cancelled" as cancelled, keeps and counts an unknown status, and says which it leaves out', async () => {
      const user = userEvent.setup();
      await i18n.changeLanguage(language);
      const { box } = setUp(DEFAULT_LABEL_OPTIONS, language, written);
      const option = box.getByRole('checkbox', { name: new RegExp(`^${leaveOut}`) });
      expect(option).toHaveAccessibleDescription(said);
      expect(box.getByText(kept)).toBeInTheDocument();
      await user.click(option);
      expect(box.getByText(all)).toBeInTheDocument();
    });
  });
});
