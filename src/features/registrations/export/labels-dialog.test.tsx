import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '@/i18n';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { demoEvent } from '../insights/testing/demo-event';
import { registrationLabels } from '../rows/registration-labels';
import { eventModels } from '../rows/registrations-model';
import { LabelsDialog } from './labels-dialog';
import { DEFAULT_LABEL_OPTIONS, type LabelPrintOptions } from './print-options';

const { registrations, categories } = demoEvent(DEMO_EVENT_IDS.printable);
const KEPT = registrations.filter((r) => !['cancelled', 'refunded'].includes(r.payment_status ?? '')).length;

function setUp(options: LabelPrintOptions = DEFAULT_LABEL_OPTIONS, language: 'en' | 'fr' = 'en') {
  const labels = registrationLabels(i18n, language, categories);
  const model = eventModels(new QueryClient(), DEMO_EVENT_IDS.printable).build(registrations, labels);
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
});
