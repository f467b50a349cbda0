import { act, render, screen } from '@testing-library/react';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api-error';
import { ApiErrorState } from './api-error-state';

const mainText = () => screen.getByRole('alert').textContent ?? '';

describe('ApiErrorState: what a promoter reads when a request fails', () => {
  it('a 200 answer of the wrong shape says so in words, with the field, and no status line', () => {
    const error = new ApiError({
      kind: 'invalid-response',
      endpoint: '/v1/events/1002',
      field: 'event.eve_id',
    });
    render(<ApiErrorState error={error} />);
    expect(
      screen.getByRole('heading', { name: 'Unexpected answer from the Partner API' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Technical details: in the answer from /v1/events/1002, the field event.eve_id is not as documented.',
      ),
    ).toBeInTheDocument();
    expect(mainText()).not.toMatch(/status|—/i);
  });

  it('an answer that is not JSON (a wrong address serving a web page) says that', () => {
    const error = new ApiError({ kind: 'invalid-response', endpoint: '/v1/events', status: 200 });
    render(<ApiErrorState error={error} />);
    expect(
      screen.getByText('Technical details: /v1/events did not answer with JSON data.'),
    ).toBeInTheDocument();
    expect(mainText()).not.toMatch(/status/i);
  });

  it('an error status is named, and no answer at all is said as such', () => {
    const { unmount } = render(
      <ApiErrorState error={new ApiError({ kind: 'server', endpoint: '/v1/events', status: 502 })} />,
    );
    expect(
      screen.getByText('Technical details: /v1/events answered with HTTP status 502.'),
    ).toBeInTheDocument();
    unmount();
    render(<ApiErrorState error={new ApiError({ kind: 'network', endpoint: '/v1/events' })} />);
    expect(screen.getByText('Technical details: no answer from /v1/events.')).toBeInTheDocument();
  });

  it('a 429 says how long to wait only when the API said it, with the right plural', () => {
    const limited = (retryAfterSeconds?: number) =>
      new ApiError({
        kind: 'rate-limited',
        endpoint: '/v1/events',
        status: 429,
        ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
      });
    const { rerender } = render(<ApiErrorState error={limited(1)} />);
    expect(screen.getByText(/Try again in 1 second\.$/)).toBeInTheDocument();
    rerender(<ApiErrorState error={limited(30)} />);
    expect(screen.getByText(/Try again in 30 seconds\.$/)).toBeInTheDocument();
    rerender(<ApiErrorState error={limited()} />);
    expect(screen.getByText(/Wait a moment, then try again\.$/)).toBeInTheDocument();
    expect(mainText()).not.toMatch(/\b0 seconds/);
  });

  it('speaks French, and an error that is not from the API gets no technical line', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const { unmount } = render(
      <ApiErrorState
        error={new ApiError({ kind: 'invalid-response', endpoint: '/v1/events', field: 'events' })}
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'Réponse inattendue de l’API Partenaires' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Détails techniques : dans la réponse de /v1/events, le champ events n’est pas conforme à la documentation.',
      ),
    ).toBeInTheDocument();
    unmount();
    render(<ApiErrorState error={new Error('boom')} />);
    expect(screen.getByRole('heading', { name: 'Un problème est survenu' })).toBeInTheDocument();
    expect(mainText()).not.toMatch(/Détails techniques|boom/);
  });
});
