import { screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { emailKey, personKey } from '@/lib/text-keys';
import { readGarmentSize } from '@/lib/clean-answers/garment-sizes';
import { DEMO_EVENT_IDS, getDemoDataset, type RawRegistration } from '@/mocks/data';
import { server, TEST_API_BASE, TEST_TODAY } from '../../../../test/msw-server';
import { renderApp } from '../../../../test/render';

/**
 * The overview of the 45-registration event, every kind of number recomputed here from the
 * demo data with plain loops (not the insights code), and links followed to the table.
 */
const EVENT = DEMO_EVENT_IDS.trickySmall;
const TOTAL = 45;
const source = (): readonly RawRegistration[] => getDemoDataset(TEST_TODAY).registrationsOf(EVENT);
const categoryName = (id: number) =>
  getDemoDataset(TEST_TODAY)
    .findEvent(EVENT)!
    .categories.find((category) => category.category_id === id)!.epr_nom_en!;

const TSHIRT = 100301; // a choice question: S, M, L…
const CLUB = 100302; // free text, often blank
const STATUS_EN: Record<string, string> = {
  paid: 'Paid',
  pending: 'Pending',
  free: 'Free',
  cancelled: 'Cancelled',
};

/** Case, accents and runs of spaces ignored: how the overview says it counts answers together. */
const fold = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();

/** A registration's answer to a question: its first non-blank one, '' when none. */
function answerOf(registration: RawRegistration, queId: number): string {
  for (const entry of registration.custom_questions) {
    if (entry.que_id === queId && fold(entry.reponse ?? '') !== '') return entry.reponse;
  }
  return '';
}

function count(predicate: (registration: RawRegistration) => boolean): number {
  let n = 0;
  for (const registration of source()) if (predicate(registration)) n += 1;
  return n;
}

/** The most frequent folded answer to a question, with its count and one original spelling. */
function topAnswer(queId: number): { key: string; text: string; count: number } {
  const counts = new Map<string, { text: string; count: number }>();
  for (const registration of source()) {
    const text = answerOf(registration, queId);
    if (text === '') continue;
    const key = fold(text);
    const entry = counts.get(key) ?? { text, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  let best = { key: '', text: '', count: 0 };
  for (const [key, entry] of counts) if (entry.count > best.count) best = { key, ...entry };
  return best;
}

function orderCount(): number {
  const orders = new Set<string>();
  for (const registration of source()) {
    const id = registration.order_id?.trim() ?? '';
    if (id !== '') orders.add(id);
  }
  return orders.size;
}

/**
 * The duplicate groups, by the rule the section states: namesakes linked by an e-mail or an
 * order are one person (likely when twice or more); two or three separate people under one
 * name are a possible group; an address in two orders with no name in common is shared.
 */
function duplicateCounts(): { likely: number; listed: number } {
  const byName = new Map<string, RawRegistration[]>();
  const byEmail = new Map<string, RawRegistration[]>();
  const add = (map: Map<string, RawRegistration[]>, key: string, r: RawRegistration) =>
    map.set(key, [...(map.get(key) ?? []), r]);
  // The documented rules for one person and one address (lib/text-keys personKey, emailKey).
  const nameOf = (r: RawRegistration) => personKey(r.first_name, r.last_name);
  const emailOf = (r: RawRegistration) => emailKey(r.email);
  const orderOf = (r: RawRegistration) => r.order_id?.trim() ?? '';
  for (const r of source()) {
    if (nameOf(r)) add(byName, nameOf(r), r);
    if (emailOf(r)) add(byEmail, emailOf(r), r);
  }
  let likely = 0;
  let listed = 0;
  for (const namesakes of byName.values()) {
    const people: RawRegistration[][] = [];
    for (const r of namesakes) {
      const linked = people.filter((p) =>
        p.some((o) => (emailOf(o) && emailOf(o) === emailOf(r)) || (orderOf(o) && orderOf(o) === orderOf(r))),
      );
      const merged = [r, ...linked.flat()];
      for (const p of linked) people.splice(people.indexOf(p), 1);
      people.push(merged);
    }
    const twice = people.filter((p) => p.length > 1).length;
    likely += twice;
    listed += twice + (people.length >= 2 && people.length <= 3 ? 1 : 0);
  }
  for (const users of byEmail.values()) {
    const namesIn = (r: RawRegistration) =>
      orderOf(r)
        ? users.filter((u) => orderOf(u) === orderOf(r)).map((u) => nameOf(u) || u)
        : [nameOf(r) || r];
    const shared = users.some((a) =>
      users.some(
        (b) =>
          a !== b &&
          (!orderOf(a) || orderOf(a) !== orderOf(b)) &&
          !namesIn(a).some((n) => namesIn(b).includes(n)),
      ),
    );
    if (shared) listed += 1;
  }
  return { likely, listed };
}

async function overview() {
  await screen.findByText(`Computed from all ${TOTAL} registrations.`);
  return screen.getByRole('region', { name: 'Registrations overview' });
}

/** The event page's sections are tabs; each shows its own panel. */
async function openSection(user: ReturnType<typeof renderApp>['user'], name: RegExp) {
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel');
}

const linkNamed = (name: string) => screen.getByRole('link', { name });
const registrationsCountLine = (n: number) => `${n} of ${TOTAL} registrations match`;

const OPEN_RACE = 10031;
const WALK = 10032;

describe('event overview', () => {
  it('shows the total, categories × statuses, answers, orders and duplicates of the complete list', async () => {
    const { user } = renderApp(`/events/${EVENT}`);
    const first = await overview();
    expect(source()).toHaveLength(TOTAL);

    // Key figures, on the first section.
    expect(screen.getByRole('tab', { name: /^Overview/ })).toHaveAttribute('aria-selected', 'true');
    const figure = (term: string) =>
      within(first).getByText(term, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    expect(figure('Registrations')).toBe(String(TOTAL));
    expect(figure('Paid')).toBe(String(count((r) => r.payment_status === 'paid')));
    expect(figure('Pending')).toBe(String(count((r) => r.payment_status === 'pending')));
    expect(figure('Orders')).toBe(String(orderCount()));
    // The tab counts the likely duplicates (the section says so).
    expect(screen.getByRole('tab', { name: /^Possible duplicates/ })).toHaveTextContent(
      String(duplicateCounts().likely),
    );

    // Category total and category × status.
    const openRace = categoryName(OPEN_RACE);
    const inOpenRace = count((r) => r.category_id === OPEN_RACE);
    expect(linkNamed(`${inOpenRace} registrations: ${openRace}`)).toHaveTextContent(String(inOpenRace));
    const table = within(first).getByRole('table', { name: 'Categories: registrations by payment status' });
    for (const status of new Set(source().map((r) => r.payment_status))) {
      const n = count((r) => r.category_id === OPEN_RACE && r.payment_status === status);
      const cell = within(table).getByRole('row', { name: new RegExp(`^${openRace}`) });
      if (n > 0) {
        expect(
          within(cell).getByRole('link', {
            name: `${n} registration${n === 1 ? '' : 's'}: ${openRace}, ${STATUS_EN[status]}`,
          }),
        ).toHaveTextContent(String(n));
      }
    }
    const paid = count((r) => r.payment_status === 'paid');
    expect(within(table).getByRole('link', { name: `${paid} registrations: Paid` })).toBeInTheDocument();

    // A choice answer, a free-text top answer, and "did not answer", in the answers section.
    expect(screen.queryByRole('heading', { name: 'Answers to the questions' })).toBeNull();
    await openSection(user, /^Answers/);
    expect(screen.getByRole('tab', { name: /^Answers/ })).toHaveAttribute('aria-selected', 'true');
    const medium = count((r) => readGarmentSize(answerOf(r, TSHIRT)) === 'M');
    expect(linkNamed(`${medium} registrations: T-shirt size: M`)).toHaveTextContent(String(medium));
    const club = topAnswer(CLUB);
    expect(club.count).toBeGreaterThan(1);
    expect(linkNamed(`${club.count} registrations: Club or licence number: ${club.text}`)).toHaveTextContent(
      String(club.count),
    );
    const noClub = count((r) => answerOf(r, CLUB) === '');
    expect(noClub).toBeGreaterThan(0);
    expect(linkNamed(`${noClub} registrations: Club or licence number: Did not answer`)).toHaveTextContent(
      String(noClub),
    );
    // The answer links carry the answer filter the registrations screen reads (each list value
    // is URI-encoded, then the parameter is: ':' becomes %253A). A size is its clean value.
    expect(linkNamed(`${medium} registrations: T-shirt size: M`)).toHaveAttribute(
      'href',
      `/events/${EVENT}/registrations?ans=${TSHIRT}%253A%253DSIZE%253AM`,
    );
    expect(linkNamed(`${noClub} registrations: Club or licence number: Did not answer`)).toHaveAttribute(
      'href',
      `/events/${EVENT}/registrations?ans=${CLUB}%253A`,
    );
    const answeredClub = TOTAL - noClub;
    expect(screen.getByText(new RegExp(`^${answeredClub} of ${TOTAL} answered`))).toBeInTheDocument();
    // Free text is private: listed only when 3 people or more gave it, a licence number never;
    // the rest is counted, and the sentence says where each answer is.
    const clubSection = screen.getByRole('region', { name: 'Club or licence number' });
    expect(club.count).toBeGreaterThanOrEqual(3);
    const chart = within(clubSection).getByRole('table');
    for (const row of within(chart).getAllByRole('row')) expect(row.textContent).not.toMatch(/\d{6}/);
    expect(within(chart).getByText(/^Answers not listed \(\d+ different\)$/)).toBeInTheDocument();
    expect(
      within(clubSection).getByText(/a free-text answer is listed only when at least 3 people gave it/),
    ).toBeInTheDocument();
    expect(within(clubSection).getByRole('link', { name: 'Open the registrations' })).toHaveAttribute(
      'href',
      `/events/${EVENT}/registrations`,
    );

    // Orders and duplicates have their own sections.
    // Their lists are computed when their section opens.
    await openSection(user, /^Orders/);
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    await openSection(user, /^Possible duplicates/);
    expect(await screen.findByRole('heading', { level: 2, name: 'Possible duplicates' })).toBeInTheDocument();
    const duplicates = screen.getByRole('region', { name: 'Possible duplicates' });
    // The dismissed groups are read from the device first; none here.
    expect(await within(duplicates).findAllByRole('table')).toHaveLength(duplicateCounts().listed);
    expect(duplicateCounts().listed).toBeGreaterThan(0);
    // Each registration of a group opens its details in the registrations screen.
    const [firstLink] = within(duplicates).getAllByRole('link', { name: /open the details$/ });
    expect(firstLink).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/events/${EVENT}/registrations\\?open=\\d+$`)),
    );
  });

  const tableCases = [
    {
      what: 'a category total',
      name: () => `${count((r) => r.category_id === OPEN_RACE)} registrations: ${categoryName(OPEN_RACE)}`,
      expected: () => count((r) => r.category_id === OPEN_RACE),
    },
    {
      what: 'a category × status count',
      name: () =>
        `${count((r) => r.category_id === OPEN_RACE && r.payment_status === 'paid')} registrations: ${categoryName(OPEN_RACE)}, Paid`,
      expected: () => count((r) => r.category_id === OPEN_RACE && r.payment_status === 'paid'),
    },
    {
      what: 'a status total',
      name: () => `${count((r) => r.payment_status === 'paid')} registrations: Paid`,
      expected: () => count((r) => r.payment_status === 'paid'),
    },
  ];
  const answerCases = [
    {
      what: 'an answer count',
      name: () =>
        `${count((r) => readGarmentSize(answerOf(r, TSHIRT)) === 'M')} registrations: T-shirt size: M`,
      expected: () => count((r) => readGarmentSize(answerOf(r, TSHIRT)) === 'M'),
    },
    {
      what: 'a free-text top answer',
      name: () => `${topAnswer(CLUB).count} registrations: Club or licence number: ${topAnswer(CLUB).text}`,
      expected: () => topAnswer(CLUB).count,
    },
    {
      what: '"did not answer"',
      name: () =>
        `${count((r) => answerOf(r, CLUB) === '')} registrations: Club or licence number: Did not answer`,
      expected: () => count((r) => answerOf(r, CLUB) === ''),
    },
  ];
  type LinkCase = (typeof tableCases)[number];

  async function followLink({ name, expected }: LinkCase, hash = '') {
    const { user } = renderApp(`/events/${EVENT}${hash}`);
    await overview();
    // A status total is both a key figure and a table cell: the same link twice.
    await user.click(screen.getAllByRole('link', { name: name() })[0]!);
    expect(await screen.findByText(registrationsCountLine(expected()))).toBeInTheDocument();
  }

  it.each(tableCases)('links $what to exactly the rows it counts', (linkCase) => followLink(linkCase));

  // Deep links open a section directly.
  it.each(answerCases)('links $what to exactly the rows it counts', (linkCase) =>
    followLink(linkCase, '#answers'),
  );

  it('says how the sizes were read: each size and the answers typed that count as it', async () => {
    const { user } = renderApp(`/events/${EVENT}#answers`);
    await overview();
    const question = screen.getByRole('region', { name: 'T-shirt size' });
    await user.click(within(question).getByText('How these answers were read'));
    // Every spelling that is not the size's own letter, with how many typed it.
    const typed = new Map<string, number>();
    for (const registration of source()) {
      const text = answerOf(registration, TSHIRT).trim();
      if (text !== '' && readGarmentSize(text) !== null && fold(text) !== fold(readGarmentSize(text)!))
        typed.set(text, (typed.get(text) ?? 0) + 1);
    }
    expect(typed.size).toBeGreaterThan(0);
    for (const [text, n] of typed) expect(question).toHaveTextContent(`“${text}” (${n})`);
  });

  it('splits an answer by category, each count linked to that category and answer', async () => {
    const { user } = renderApp(`/events/${EVENT}#answers`);
    await overview();
    const question = screen.getByRole('region', { name: 'T-shirt size' });
    await user.click(within(question).getByRole('button', { name: 'Split by category' }));
    expect(within(question).getByRole('button', { name: 'Split by category' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const table = within(question).getByRole('table', { name: 'Answers to “T-shirt size” by category' });
    const walk = categoryName(WALK);
    const n = count((r) => r.category_id === WALK && readGarmentSize(answerOf(r, TSHIRT)) === 'M');
    expect(n).toBeGreaterThan(0);
    await user.click(
      within(table).getByRole('link', {
        name: `${n} registration${n === 1 ? '' : 's'}: T-shirt size: M, ${walk}`,
      }),
    );
    expect(await screen.findByText(registrationsCountLine(n))).toBeInTheDocument();
  });

  it('shows numbers in French with French labels', async () => {
    const { user } = renderApp(`/events/${EVENT}`);
    await overview();
    await user.click(screen.getByRole('button', { name: 'Français' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Synthèse des inscriptions' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Calculée sur l’ensemble des ${TOTAL} inscriptions.`)).toBeInTheDocument();
    const paid = count((r) => r.payment_status === 'paid');
    expect(screen.getByRole('link', { name: `${paid} inscriptions : Payé` })).toBeInTheDocument();
  });

  it('while loading, shows the figures of the rows loaded so far, marked as such, and can stop it', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2') await delay('infinite');
        return undefined;
      }),
    );
    // 1,800 registrations: 4 pages of 500, the second never answers.
    const { user } = renderApp(`/events/${DEMO_EVENT_IDS.sharedQuestionText}`);
    const soFar = await screen.findByText(/^So far: ([1-9][\d,]*) registrations loaded\./);
    const counted = Number(/So far: ([\d,]+)/.exec(soFar.textContent ?? '')![1]!.replace(/,/g, ''));
    expect(counted).toBeLessThan(1800);
    const overview = screen.getByRole('region', { name: 'Registrations overview' });
    expect(overview).toHaveAttribute('aria-busy', 'true');
    const figure = within(overview).getByText('Registrations', { selector: 'dt' }).parentElement!;
    expect(figure.querySelector('dd')).toHaveTextContent(counted.toLocaleString('en'));
    expect(figure.closest('dl')).toHaveClass('overview-figures--partial');

    await user.click(within(overview).getByRole('button', { name: 'Stop loading' }));
    // Pages 3 and 4 may have come in since: the figures count what was loaded at the stop.
    const incomplete = await screen.findByText(
      /^Incomplete list: these figures count only the ([\d,]+) registrations loaded\. Load the missing registrations above for the final figures\.$/,
    );
    const kept = Number(/only the ([\d,]+)/.exec(incomplete.textContent ?? '')![1]!.replace(/,/g, ''));
    expect(kept).toBeGreaterThanOrEqual(counted);
    expect(kept).toBeLessThan(1800);
    expect(figure.querySelector('dd')).toHaveTextContent(kept.toLocaleString('en'));
    expect(within(overview).getByRole('button', { name: 'Resume loading' })).toBeInTheDocument();
    expect(overview).toHaveAttribute('aria-busy', 'false');
  });

  it('marks the figures of an incomplete list as such, and makes them final once the missing pages load', async () => {
    server.use(
      http.get(`${TEST_API_BASE}/v1/events/:id/registrations`, ({ request }) => {
        const page = new URL(request.url).searchParams.get('page');
        if (page === '2') return HttpResponse.json({ error: 'down' }, { status: 503 });
        return undefined;
      }),
    );
    // 1,800 registrations: 4 pages of 500.
    const { user } = renderApp(`/events/${DEMO_EVENT_IDS.sharedQuestionText}`);
    expect(
      await screen.findByText(/^Incomplete list: these figures count only the 1,300 registrations loaded/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Computed from/)).toBeNull();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Retry the missing pages' }));
    expect(await screen.findByText('Computed from all 1,800 registrations.')).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Categories: registrations by payment status' }),
    ).toBeInTheDocument();
  });
});
