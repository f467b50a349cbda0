import { act, render, screen } from '@testing-library/react';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api-error';
import { OFFLINE_DETAIL } from '@/lib/offline';
import { ApiErrorState } from './api-error-state';

const alert = () => screen.getByRole('alert');
const details = () => alert().querySelector('details');

/** What a promoter reads before opening "Details". */
function plainText(): string {
  const copy = alert().cloneNode(true) as HTMLElement;
  copy.querySelector('details')?.remove();
  return copy.textContent ?? '';
}

const JARGON = /CORS|proxy|HTTP|JSON|status|statut|\/v1\//i;

describe('ApiErrorState: what a promoter reads when a request fails', () => {
  it('no answer: plain words and what to do; the address, CORS and the raw error folded under Details', () => {
    const error = new ApiError({
      kind: 'network',
      endpoint: '/v1/events',
      url: 'https://api.example.com/v1/events',
      detail: 'Failed to fetch',
    });
    render(<ApiErrorState error={error} />);
    expect(screen.getByRole('heading', { name: 'Cannot reach the Partner API' })).toBeInTheDocument();
    expect(plainText()).toContain('Check your internet connection, then try again.');
    expect(plainText()).not.toMatch(JARGON);
    expect(details()).not.toHaveAttribute('open');
    expect(details()).toHaveTextContent('Request: GET https://api.example.com/v1/events');
    expect(details()).toHaveTextContent(/\(CORS\)/);
    expect(details()).toHaveTextContent('Error: network: GET /v1/events: Failed to fetch');
  });

  it('a 200 answer of the wrong shape names the field under Details only', () => {
    const error = new ApiError({
      kind: 'invalid-response',
      endpoint: '/v1/events/1002',
      field: 'event.eve_id',
    });
    render(<ApiErrorState error={error} />);
    expect(
      screen.getByRole('heading', { name: 'The Partner API’s answer is not as expected' }),
    ).toBeInTheDocument();
    expect(plainText()).not.toMatch(/eve_id|JSON/);
    expect(details()).toHaveTextContent(
      'Answer: JSON, but the field event.eve_id is not as the API document describes.',
    );
  });

  it('a web page where JSON was expected says the address is a website', () => {
    const error = new ApiError({
      kind: 'invalid-response',
      endpoint: '/v1/events',
      status: 200,
      contentType: 'text/html; charset=utf-8',
    });
    render(<ApiErrorState error={error} />);
    expect(
      screen.getByRole('heading', { name: 'This address is a website, not the Partner API' }),
    ).toBeInTheDocument();
    expect(plainText()).toContain('Check the API address your operator gave you.');
    expect(details()).toHaveTextContent('Answer: not JSON (content type: text/html; charset=utf-8).');
  });

  it('an error status is named under Details, and the browser being offline is said plainly', () => {
    const { unmount } = render(
      <ApiErrorState error={new ApiError({ kind: 'server', endpoint: '/v1/events', status: 502 })} />,
    );
    expect(plainText()).toContain('try again in a few minutes');
    expect(plainText()).not.toMatch(JARGON);
    expect(details()).toHaveTextContent('Answer: HTTP status 502.');
    unmount();
    render(
      <ApiErrorState
        error={new ApiError({ kind: 'network', endpoint: '/v1/events', detail: OFFLINE_DETAIL })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No internet connection' })).toBeInTheDocument();
    expect(details()).toHaveTextContent('The browser says it is offline: nothing was sent.');
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
    expect(screen.getByText('Try again in 1 second.')).toBeInTheDocument();
    rerender(<ApiErrorState error={limited(30)} />);
    expect(screen.getByText('Try again in 30 seconds.')).toBeInTheDocument();
    rerender(<ApiErrorState error={limited()} />);
    expect(screen.getByText('Try again in a minute.')).toBeInTheDocument();
    expect(plainText()).not.toMatch(/\b0 seconds/);
  });

  it('speaks French, and an error that is not from the API keeps its raw message under Détails', async () => {
    await act(() => i18n.changeLanguage('fr'));
    const { unmount } = render(
      <ApiErrorState
        error={
          new ApiError({ kind: 'timeout', endpoint: '/v1/events', url: 'https://api.example.com/v1/events' })
        }
      />,
    );
    expect(
      screen.getByRole('heading', { name: 'L’API Partenaires n’a pas répondu à temps' }),
    ).toBeInTheDocument();
    expect(plainText()).toContain('Réessayez dans une minute.');
    expect(screen.getByText('Détails').tagName).toBe('SUMMARY');
    expect(details()).toHaveTextContent('Requête : GET https://api.example.com/v1/events');
    expect(details()).toHaveTextContent('Réponse : aucune dans le délai imparti.');
    unmount();
    render(<ApiErrorState error={new Error('boom')} />);
    expect(screen.getByRole('heading', { name: 'Un problème est survenu' })).toBeInTheDocument();
    expect(plainText()).not.toMatch(/boom/);
    expect(details()).toHaveTextContent('Erreur : boom');
  });
});
