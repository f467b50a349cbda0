import { act, within } from '@testing-library/react';
import { deviceCopySettled, saveAnswerCorrectionsCopy } from '@/engine/copy/device-copy';
import { startSession } from '@/lib/session';
import { TEST_SESSION } from '../../../../test/fixtures';
import { keptRecord } from '@/features/registrations/rows/answer-corrections';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { DEMO_EVENT_IDS } from '@/mocks/data';
import { renderApp } from '../../../../test/render';
import { counted, EVENT, openTshirtReading as openAnswers } from './testing/tshirt-answers';

freshIndexedDbForEachTest();

describe('a correction of how answers are read', () => {
  it('is kept on this device for the next visit', async () => {
    const first = renderApp(`/events/${EVENT}#answers`);
    const { table, question } = await openAnswers(first.user);
    await first.user.selectOptions(within(table).getByRole('combobox', { name: 'Count “M” as' }), 'L');
    // The figures follow the correction before the screen is left.
    await within(question).findByRole('link', {
      name: `${counted('L') + counted('M')} registrations: T-shirt size: L`,
    });
    // A later computation of the figures may land while the save is awaited.
    await act(() => deviceCopySettled());
    first.unmount();

    const second = renderApp(`/events/${EVENT}#answers`);
    const again = await openAnswers(second.user);
    expect(within(again.table).getByRole('combobox', { name: 'Count “M” as' })).toHaveDisplayValue('L');
    expect(
      await within(again.question).findByRole('link', {
        name: `${counted('L') + counted('M')} registrations: T-shirt size: L`,
      }),
    ).toBeInTheDocument();
  });

  it('is offered to the next edition that asks the same question', async () => {
    // The previous edition (suggested: same name without its year, same place) corrected "M".
    startSession(TEST_SESSION);
    await saveAnswerCorrectionsCopy(
      DEMO_EVENT_IDS.smallPreviousEdition,
      keptRecord({
        corrections: { 999: { m: 'L' } },
        questions: { 999: ['Taille de T-shirt ', 'T-shirt size'] },
      }),
    );
    await deviceCopySettled();
    const { user } = renderApp(`/events/${EVENT}#answers`);
    const { question } = await openAnswers(user);
    const offer = await within(question).findByText(
      /^The previous edition, .+, has 1 correction for this question\.$/,
    );
    await user.click(within(offer).getByRole('button', { name: 'Apply it here' }));
    expect(
      await within(question).findByRole('link', {
        name: `${counted('L') + counted('M')} registrations: T-shirt size: L`,
      }),
    ).toBeInTheDocument();
    expect(within(question).queryByText(/^The previous edition/)).toBeNull();
  });
});
