import { DEMO_EVENT_IDS, getDemoDataset, type RawRegistration } from '@/mocks/data';
import { eventSchema } from '@/engine/api/event-schemas';
import { demoEvent } from '@/engine/figures/testing/demo-event';
import { compareEditions } from './compare-editions';
import { suggestPreviousEdition } from './edition-suggestion';

/**
 * Returning, new and lapsed recounted from the demo API's own rows with plain loops, written
 * apart from the app's code (arrays and nested searches, no shared helper): the rule is the
 * one docs/user-guide.md states ("Editions"), counted a second way.
 */
const TODAY = '2026-11-22';

function plainFold(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD').toLowerCase()) {
    if (char === 'œ') out += 'oe';
    else if (char === 'æ') out += 'ae';
    else if (char === 'ß') out += 'ss';
    else if (/[a-z0-9]/.test(char) || (/\p{L}|\p{N}/u.test(char) && !/\p{M}/u.test(char))) out += char;
  }
  return out;
}

/** Both names folded, in either order; '' without both. */
function plainName(r: RawRegistration): string {
  const first = plainFold(r.first_name);
  const last = plainFold(r.last_name);
  if (first === '' || last === '') return '';
  return first + last < last + first ? first + last : last + first;
}

const plainEmail = (r: RawRegistration) => r.email.trim().normalize('NFC').toLowerCase();

interface Someone {
  id: number;
  email: string;
  name: string;
}

function recount(now: RawRegistration[], before: RawRegistration[]) {
  const took = (r: RawRegistration) => r.payment_status !== 'cancelled' && r.payment_status !== 'refunded';
  const nowRows = now.filter(took);
  const beforeRows = before.filter(took);
  // An address with two names or more in either list is a family's: name and address then.
  const sharedEmails: string[] = [];
  for (const rows of [nowRows, beforeRows]) {
    const names: Record<string, string[]> = {};
    for (const r of rows) {
      const email = plainEmail(r);
      if (email === '') continue;
      const name = plainName(r);
      names[email] ??= [];
      if (!names[email].includes(name)) names[email].push(name);
    }
    for (const email of Object.keys(names)) if (names[email]!.length > 1) sharedEmails.push(email);
  }
  const people = (rows: RawRegistration[]): Someone[] => {
    const list: Someone[] = [];
    for (const r of rows) {
      const email = plainEmail(r);
      const name = plainName(r);
      let same = -1;
      for (let i = 0; i < list.length; i++) {
        const other = list[i]!;
        const sameEmail = email !== '' && other.email === email;
        const bothNoEmail = email === '' && other.email === '';
        if (
          (sameEmail && (!sharedEmails.includes(email) || other.name === name)) ||
          (bothNoEmail && name !== '' && other.name === name)
        ) {
          same = i;
          break;
        }
      }
      if (same === -1) list.push({ id: r.registration_id, email, name });
      else if (list[same]!.id < r.registration_id) list[same] = { id: r.registration_id, email, name };
    }
    return list;
  };
  const nowPeople = people(nowRows).sort((a, b) => a.id - b.id);
  const beforePeople = people(beforeRows).sort((a, b) => a.id - b.id);
  const taken = new Set<Someone>();
  const matched = new Set<Someone>();
  for (const p of nowPeople) {
    if (p.email === '') continue;
    for (const q of beforePeople) {
      if (q.email === p.email && (!sharedEmails.includes(p.email) || q.name === p.name)) {
        taken.add(q);
        matched.add(p);
        break;
      }
    }
  }
  for (const p of nowPeople) {
    if (matched.has(p) || p.name === '') continue;
    for (const q of beforePeople) {
      if (!taken.has(q) && q.name === p.name && (p.email === '' || q.email === '')) {
        taken.add(q);
        matched.add(p);
        break;
      }
    }
  }
  return {
    returning: matched.size,
    new: nowPeople.length - matched.size,
    lapsed: beforePeople.length - taken.size,
    now: nowPeople.length,
  };
}

describe.each([
  [DEMO_EVENT_IDS.sharedQuestionText, DEMO_EVENT_IDS.previousEdition],
  [DEMO_EVENT_IDS.trickySmall, DEMO_EVENT_IDS.smallPreviousEdition],
])('the demo editions %i against %i', (currentId, previousId) => {
  const dataset = getDemoDataset(TODAY);
  const expected = recount(dataset.registrationsOf(currentId), dataset.registrationsOf(previousId));
  const current = demoEvent(currentId);
  const previous = demoEvent(previousId);
  const result = compareEditions(
    { rows: current.registrations, categories: current.categories },
    { rows: previous.registrations, categories: previous.categories },
  );

  it('gives the returning, new and lapsed counted with plain loops', () => {
    expect(result.returning.length).toBe(expected.returning);
    expect(result.new.length).toBe(expected.new);
    expect(result.lapsed.length).toBe(expected.lapsed);
  });

  it('has a realistic share of returning people (25-35 %)', () => {
    const share = expected.returning / expected.now;
    expect(share).toBeGreaterThanOrEqual(0.25);
    expect(share).toBeLessThanOrEqual(0.35);
  });
});

describe('the demo editions of Trail des Aiguilles', () => {
  it('include returning runners whose address changed case, or who gave none last time', () => {
    const current = demoEvent(DEMO_EVENT_IDS.sharedQuestionText);
    const previous = demoEvent(DEMO_EVENT_IDS.previousEdition);
    const result = compareEditions(
      { rows: current.registrations, categories: current.categories },
      { rows: previous.registrations, categories: previous.categories },
    );
    const byId = new Map(previous.registrations.map((r) => [r.registration_id, r]));
    const now = new Map(current.registrations.map((r) => [r.registration_id, r]));
    let noEmail = 0;
    let otherCase = 0;
    for (const pair of result.returning) {
      const before = byId.get(pair.previous)!.email ?? '';
      const after = now.get(pair.current)!.email ?? '';
      if (before === '') noEmail++;
      else if (before !== after) otherCase++;
    }
    expect(noEmail).toBeGreaterThan(5);
    expect(otherCase).toBeGreaterThan(5);
  });
});

describe('the suggested previous edition in the demo', () => {
  it('is "Trail des Aiguilles 2025" for 1002, "Course de l\'Escalade 2024" for 1003, and none for the others', () => {
    const events = getDemoDataset(TODAY)
      .eventsOf('alpine')
      .map((record) => eventSchema.parse(record.event));
    const suggested = Object.fromEntries(
      events.map((event) => [event.eve_id, suggestPreviousEdition(event, events)?.eve_id ?? null]),
    );
    expect(suggested).toEqual({
      1001: null,
      1002: DEMO_EVENT_IDS.previousEdition,
      1003: DEMO_EVENT_IDS.smallPreviousEdition,
      1005: null,
      1006: null,
      1008: null,
      1010: null,
      1011: null,
      1040: null,
      1041: null,
    });
  });
});
