import { render, screen } from '@testing-library/react';
import { act } from 'react';
import i18n from '@/i18n';
import type { RegistrationsData } from '@/features/registrations/api/registrations-data';
import { OverviewState } from './overview-state';

/** The part of a list the sentence reads: its phase, how many rows, and the total the API gave. */
function list(phase: RegistrationsData['phase'], rows: number, total: number): RegistrationsData {
  return {
    phase,
    rows: Array.from({ length: rows }),
    report: { pagination: { meta: { total } } },
  } as unknown as RegistrationsData;
}

describe('what the event page’s figures are computed from', () => {
  it('a complete list whose figures are still being counted says so, never that it is loading', () => {
    const { rerender } = render(
      <OverviewState data={list('complete', 25_000, 25_000)} computedFrom={null} final={false} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Counting the figures of all 25,000 registrations…');
    // Figures counted while the load went on, now counted again from the whole list.
    rerender(<OverviewState data={list('complete', 25_000, 25_000)} computedFrom={14_500} final={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Counting the figures of all 25,000 registrations…');
    expect(screen.queryByText(/Loading|So far/)).not.toBeInTheDocument();
  });

  it('while the list loads, says how much is loaded; once final, what the figures count', () => {
    const { rerender } = render(
      <OverviewState data={list('loading', 500, 25_000)} computedFrom={null} final={false} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the registrations: 500 of 25,000 loaded.');
    rerender(<OverviewState data={list('complete', 25_000, 25_000)} computedFrom={25_000} final />);
    expect(screen.getByText('Computed from all 25,000 registrations.')).toBeInTheDocument();
  });

  it('in French', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(<OverviewState data={list('complete', 25_000, 25_000)} computedFrom={null} final={false} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Calcul des chiffres sur l’ensemble des 25 000 inscriptions…',
    );
  });
});
