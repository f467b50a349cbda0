import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../../test/render';
import {
  counted,
  EVENT,
  openTshirtReading as openAnswers,
  TOTAL,
  typedSizes as sizes,
} from './testing/tshirt-answers';

describe('correcting how answers are read', () => {
  it('counts a corrected answer as chosen, its link opens the rows it counts, and undoing restores it', async () => {
    // Every "M" typed as the letter ("M", "m", "M ": one answer folded) counted as L instead.
    const letterM = sizes().filter((typed) => typed.trim().toLowerCase() === 'm').length;
    expect(letterM).toBeGreaterThan(0);
    const { user } = renderApp(`/events/${EVENT}#answers`);
    const { question, table } = await openAnswers(user);
    const countM = within(table).getByRole('combobox', { name: 'Count “M” as' });
    await user.selectOptions(countM, 'L');
    const largeNow = counted('L') + letterM;
    await within(question).findByRole('link', { name: `${largeNow} registrations: T-shirt size: L` });
    // Every M of this event was typed as the letter: M is no longer listed.
    expect(counted('M')).toBe(letterM);
    expect(within(question).queryByRole('link', { name: /T-shirt size: M$/ })).toBeNull();
    expect(within(table).getByRole('rowheader', { name: /^“M”\s*corrected$/ })).toBeInTheDocument();

    // Undone: counted as the vocabulary reads it again.
    await user.click(within(question).getByRole('button', { name: 'Undo 1 correction' }));
    await within(question).findByRole('link', { name: `${counted('L')} registrations: T-shirt size: L` });
    expect(countM).toHaveDisplayValue('M');

    // Corrected again, its count's link opens exactly the rows it counts.
    await user.selectOptions(countM, 'L');
    await user.click(
      await within(question).findByRole('link', { name: `${largeNow} registrations: T-shirt size: L` }),
    );
    expect(await screen.findByText(`${largeNow} of ${TOTAL} registrations match`)).toBeInTheDocument();
  });
});
