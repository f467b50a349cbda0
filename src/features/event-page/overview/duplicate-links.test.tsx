import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEMO_EVENT_IDS, getDemoDataset, TRICKY_ANSWERS, type RawRegistration } from '@/mocks/data';
import { server, TEST_API_BASE, TEST_TODAY } from '../../../../test/msw-server';
import { currentPath, renderApp } from '../../../../test/render';
import { sizeRegistrationsTable } from '../../../../test/table-layout';

/**
 * A possible duplicate's link, followed from the event page to the registrations screen of an
 * event of 1,800 registrations: the screen builds that many rows in slices, so it has the list
 * a moment before it has the rows.
 */
const EVENT = DEMO_EVENT_IDS.sharedQuestionText;
const CLUB = 100201; // "Club or licence number", free text
const HTML_LIKE = TRICKY_ANSWERS.find((answer) => answer.startsWith('<img'))!;

beforeEach(() => {
  sizeRegistrationsTable();
});

/**
 * The event's registrations as the demo API sends them, one answer of `id` replaced by the
 * HTML-like text the demo sprinkles into free-text answers.
 */
function serveWithHtmlAnswer(id: number): void {
  const rows = structuredClone([...getDemoDataset(TEST_TODAY).registrationsOf(EVENT)]);
  const answer = rows
    .find((row) => row.registration_id === id)!
    .custom_questions.find((a) => a.que_id === CLUB)!;
  answer.reponse = HTML_LIKE;
  server.use(
    http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, ({ request, params }) => {
      if (Number(params.id) !== EVENT) return undefined;
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '50');
      return HttpResponse.json({ registrations: rows.slice((page - 1) * perPage, page * perPage) });
    }),
  );
}

/** The first likely duplicate of the event, by the rule the section states (same name and e-mail). */
function firstLikelyPair(): [RawRegistration, RawRegistration] {
  const rows = getDemoDataset(TEST_TODAY).registrationsOf(EVENT);
  const key = (r: RawRegistration) => `${r.first_name}|${r.last_name}|${r.email.trim().toLowerCase()}`;
  const first = new Map<string, RawRegistration>();
  for (const row of rows) {
    const earlier = first.get(key(row));
    if (earlier) return [earlier, row];
    first.set(key(row), row);
  }
  throw new Error('no likely duplicate in the demo event');
}

describe('the link of a possible duplicate', () => {
  it('opens its details, never saying first that it is not in the list', async () => {
    const [, second] = firstLikelyPair();
    serveWithHtmlAnswer(second.registration_id);
    const { user, router } = renderApp(`/events/${EVENT}#duplicates`);
    const region = await screen.findByRole('region', { name: 'Possible duplicates' });
    await within(region).findAllByRole('table');
    const name = new RegExp(`\\(registration ${second.registration_id}\\): open the details$`);
    // Its group may come after the first groups of its kind.
    if (!within(region).queryByRole('link', { name })) {
      for (const more of within(region).getAllByRole('button', { name: /^Show all \S+ groups$/ }))
        await user.click(more);
    }
    const link = within(region).getByRole('link', { name });

    // What the screen says on the way, however briefly.
    const said = new Set<string>();
    const observer = new MutationObserver(() => {
      if (screen.queryByText(/is not in this event’s list/)) said.add('not in the list');
      if (screen.queryByRole('heading', { name: 'No registrations' })) said.add('no registrations');
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    try {
      await user.click(link);
      expect(currentPath(router)).toBe(`/events/${EVENT}/registrations?open=${second.registration_id}`);
      const sheet = await screen.findByRole('dialog', { name: `Registration ${second.registration_id}` });
      expect(within(sheet).getByText(HTML_LIKE)).toBeInTheDocument();
    } finally {
      observer.disconnect();
    }
    expect([...said]).toEqual([]);
  });
});
