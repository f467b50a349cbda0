import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import i18n from '@/i18n';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { server, TEST_API_BASE } from '../../../test/msw-server';
import { renderApp } from '../../../test/render';

freshIndexedDbForEachTest();
afterEach(() => vi.restoreAllMocks());

const EVENTS_URL = `${TEST_API_BASE}/v1/events`;

interface Words {
  title: string;
  /** The sentence that says what to do. */
  todo: string;
}

interface FailureCase {
  name: string;
  /** Sets up the failure: an API answer, or a state of the browser. */
  arrange: () => void;
  en: Words;
  fr: Words;
  /** What the IT contact reads under "Details" (either language: status codes, the URL, content types). */
  details: RegExp[];
}

const answer = (resolver: HttpResponseResolver) => () => server.use(http.get(EVENTS_URL, resolver));

const CASES: FailureCase[] = [
  {
    name: 'no answer (unreachable, or refused by the browser: CORS)',
    arrange: answer(() => HttpResponse.error()),
    en: {
      title: 'This address could not be reached',
      todo: 'Check the address your operator gave you and your internet connection.',
    },
    fr: {
      title: 'Cette adresse est injoignable',
      todo: 'Vérifiez l’adresse fournie par votre opérateur et votre connexion à Internet.',
    },
    details: [/GET http:\/\/api\.test\/v1\/events/, /CORS/, /network: GET \/v1\/events/],
  },
  {
    name: '401: the key is wrong',
    arrange: answer(() => HttpResponse.json({ error: 'unauthorized' }, { status: 401 })),
    en: {
      title: 'This key was refused',
      todo: 'Check the key for typos, or ask your operator for a new one.',
    },
    fr: { title: 'Cette clé a été refusée', todo: 'demandez-en une nouvelle à votre opérateur' },
    details: [/HTTP 401/, /v1\/events/],
  },
  {
    name: '403: the key may not be used',
    arrange: answer(() => HttpResponse.json({ error: 'forbidden' }, { status: 403 })),
    en: { title: 'This key was refused', todo: 'ask your operator for a new one' },
    fr: { title: 'Cette clé a été refusée', todo: 'demandez-en une nouvelle à votre opérateur' },
    details: [/HTTP 403/],
  },
  {
    name: '404: the address is not the Partner API',
    arrange: answer(() => new HttpResponse('Not found', { status: 404 })),
    en: {
      title: 'There is no Partner API at this address',
      todo: 'Check the address your operator gave you, then try again.',
    },
    fr: {
      title: 'Il n’y a pas d’API Partenaires à cette adresse',
      todo: 'Vérifiez l’adresse fournie par votre opérateur, puis réessayez.',
    },
    details: [/HTTP 404/, /http:\/\/api\.test\/v1\/events/],
  },
  {
    name: '429: too many requests',
    arrange: answer(() => new HttpResponse(null, { status: 429 })),
    en: { title: 'Too many requests at once', todo: 'Try again in a minute.' },
    fr: { title: 'Trop de requêtes à la fois', todo: 'Réessayez dans une minute.' },
    details: [/HTTP 429/],
  },
  {
    name: '5xx: the API is failing',
    arrange: answer(() => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
    en: { title: 'The Partner API is having trouble', todo: 'try again in a few minutes' },
    fr: { title: 'L’API Partenaires rencontre un problème', todo: 'réessayez dans quelques minutes' },
    details: [/HTTP 502/],
  },
  {
    name: 'a web page instead of JSON (the address of a website)',
    arrange: answer(() => HttpResponse.html('<!doctype html><title>Welcome</title>')),
    en: {
      title: 'This address is a website, not the Partner API',
      todo: 'Check the API address your operator gave you.',
    },
    fr: {
      title: 'Cette adresse est un site web, pas l’API Partenaires',
      todo: 'Vérifiez l’adresse de l’API fournie par votre opérateur.',
    },
    details: [/text\/html/, /not JSON|pas du JSON/],
  },
  {
    name: 'malformed JSON',
    arrange: answer(
      () => new HttpResponse('{"events": [', { headers: { 'Content-Type': 'application/json' } }),
    ),
    en: { title: 'The Partner API’s answer could not be read', todo: 'Try again in a minute' },
    fr: { title: 'La réponse de l’API Partenaires est illisible', todo: 'Réessayez dans une minute' },
    details: [/application\/json/, /body is not JSON/],
  },
  {
    name: 'JSON of the wrong shape',
    arrange: answer(() => HttpResponse.json({ events: 'none' })),
    en: { title: 'The Partner API’s answer is not as expected', todo: 'Try again in a minute' },
    fr: {
      title: 'La réponse de l’API Partenaires n’est pas celle attendue',
      todo: 'Réessayez dans une minute',
    },
    details: [/events/],
  },
  {
    name: 'no answer in time',
    arrange: () => {
      answer(() => HttpResponse.json({ events: [] }))();
      // The time limit (20 s) is already over when the request starts.
      vi.spyOn(AbortSignal, 'timeout').mockImplementation(() =>
        AbortSignal.abort(new DOMException('The operation timed out.', 'TimeoutError')),
      );
    },
    en: { title: 'The Partner API did not answer in time', todo: 'Try again in a minute.' },
    fr: { title: 'L’API Partenaires n’a pas répondu à temps', todo: 'Réessayez dans une minute.' },
    details: [/timeout: GET \/v1\/events/],
  },
  {
    name: 'offline, with nothing kept on this device',
    arrange: () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    },
    en: { title: 'No internet connection', todo: 'connect to the internet, then sign in' },
    fr: {
      title: 'Pas de connexion à Internet',
      todo: 'connectez l’appareil à Internet, puis connectez-vous',
    },
    details: [/offline/, /http:\/\/api\.test\/v1\/events/],
  },
];

/** What a promoter reads before opening anything: the alert without its folded details. */
function visibleText(alert: HTMLElement): string {
  const copy = alert.cloneNode(true) as HTMLElement;
  copy.querySelector('details')?.remove();
  return copy.textContent ?? '';
}

const DETAILS_SUMMARY = { en: 'Details', fr: 'Détails' } as const;

describe.each(['en', 'fr'] as const)('a failed sign-in, in %s', (language) => {
  it.each(CASES)('$name: says what happened and what to do, with the technical part folded', async (c) => {
    await act(() => i18n.changeLanguage(language));
    c.arrange();
    const { user } = renderApp('/sign-in', { session: null });
    const address = await screen.findByRole('textbox');
    await waitFor(() => expect(address).toHaveValue(TEST_API_BASE));
    await user.type(document.querySelector('input[type="password"]')!, 'some-key');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Sign in' : 'Se connecter' }));

    const alert = await screen.findByRole('alert');
    const words = c[language];
    const plain = visibleText(alert);
    expect(plain).toContain(words.title);
    expect(plain).toContain(words.todo);
    // Plain words first: no jargon before "Details".
    expect(plain).not.toMatch(/CORS|proxy|HTTP|JSON|status|statut|\/v1\//i);

    const details = alert.querySelector('details');
    expect(details).not.toBeNull();
    expect(details).not.toHaveAttribute('open');
    expect(within(alert).getByText(DETAILS_SUMMARY[language]).tagName).toBe('SUMMARY');
    for (const technical of c.details) expect(details?.textContent).toMatch(technical);
    // The key is never part of what a promoter might copy to someone else.
    expect(alert.textContent).not.toContain('some-key');
  });
});
