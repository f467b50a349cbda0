import { pageRegistration } from '@/engine/api/page-registration';
import { QueryClient } from '@tanstack/react-query';
import { registrationRequestsFromNow, TEST_TODAY } from '../../../../test/msw-server';
import { deviceCopySettled, deviceCopyStatus } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { endSession } from '@/lib/session';
import { advanceDemoDays, getDemoDataset, resetDemoData } from '@/mocks/data';
import { removedSince, summarizeChanges } from '@/engine/history/changes-since';
import { ids, signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { registrationSchema, type Registration } from '@/engine/api/registration-schemas';
import { askFullCheck, registrationsQuery } from './registrations-query';
import { settledRegistrations } from './registrations-cache';
import type { RegistrationsData } from './registrations-data';
import { registrationsKey } from './registrations-key';

/** Alpine, upcoming, 420 registrations: every kind of day change happens there. */
const EVENT = 1005;

freshIndexedDbForEachTest();
afterEach(() => resetDemoData());

/** A visit: the list, from the copy if there is one, brought up to date and saved; then the tab closes. */
async function visit(eventId: number, during?: (client: QueryClient) => Promise<void>) {
  signInForTests();
  const client = new QueryClient();
  let data = await client.fetchQuery(registrationsQuery(eventId));
  if (during) {
    await during(client);
    data = client.getQueryData<RegistrationsData>(registrationsKey(eventId))!;
  }
  await deviceCopySettled();
  client.clear();
  endSession();
  return data;
}

/** The demo API's list now, as the page holds it (its documented fields: pageRegistration). */
const serverRows = (eventId: number) =>
  getDemoDataset(TEST_TODAY)
    .registrationsOf(eventId)
    .map((row) => pageRegistration(registrationSchema.parse(row)));

/**
 * What changed between two lists, counted by a plain loop over the two snapshots: nothing of
 * the history's bookkeeping is used.
 */
function diff(before: readonly Registration[], after: readonly Registration[]) {
  const old = new Map(before.map((row) => [row.registration_id, row]));
  const moves = new Map<string, number>();
  let added = 0;
  let category = 0;
  let answers = 0;
  for (const row of after) {
    const was = old.get(row.registration_id);
    if (!was) {
      added += 1;
      continue;
    }
    if ((was.payment_status ?? '') !== (row.payment_status ?? '')) {
      const key = `${was.payment_status ?? ''}->${row.payment_status ?? ''}`;
      moves.set(key, (moves.get(key) ?? 0) + 1);
    }
    if ((was.category_id ?? null) !== (row.category_id ?? null)) category += 1;
    const a = JSON.stringify(was.custom_questions.map((answer) => [answer.que_id, answer.reponse]));
    const b = JSON.stringify(row.custom_questions.map((answer) => [answer.que_id, answer.reponse]));
    if (a !== b) answers += 1;
  }
  const present = new Set(after.map((row) => row.registration_id));
  const removed = before.filter((row) => !present.has(row.registration_id)).length;
  return { added, moves, category, answers, removed };
}

const movesOf = (summary: ReturnType<typeof summarizeChanges>) =>
  new Map(summary.statusMoves.map((move) => [`${move.from}->${move.to}`, move.count]));

describe('what changed since the last visit', () => {
  it('counts, a day later, exactly the registrations added, changed and removed on the server', async () => {
    const first = await visit(EVENT);
    const day = advanceDemoDays(1, { eventIds: [EVENT] }).events[0]!;
    expect(day.added.length + day.paid.length + day.moved.length + day.edited.length).toBeGreaterThan(0);
    expect(day.deleted.length).toBeGreaterThan(0);

    // A day after the first full download: the check for changes, then the day's full check.
    const second = await visit(EVENT);
    expect(second.refresh?.phase).toBe('verified');
    const history = second.history!;
    expect(history.lastVisit).toBe(first.report.serverDate!.getTime());
    const summary = summarizeChanges(history, second.rows, history.lastVisit!);
    const expected = diff(first.rows, serverRows(EVENT));
    expect(summary.added).toBe(expected.added);
    expect(movesOf(summary)).toEqual(expected.moves);
    expect(summary.category).toBe(expected.category);
    expect(summary.answers).toBe(expected.answers);
    expect(summary.removed).toBe(expected.removed);

    // A reload in the middle of the visit counts from the same checkpoint.
    const third = await visit(EVENT);
    expect(third.history!.lastVisit).toBe(history.lastVisit);
    expect(summarizeChanges(third.history!, third.rows, history.lastVisit!)).toEqual(summary);
  });

  it('"Verify the whole list" finds the deleted registrations, shows them as removed, and keeps the rows on screen meanwhile', async () => {
    signInForTests();
    const client = new QueryClient();
    const first = await client.fetchQuery(registrationsQuery(EVENT));
    await deviceCopySettled();
    const day = advanceDemoDays(1, { eventIds: [EVENT] }).events[0]!;
    const deleted = day.deleted.filter((id) => ids(first.rows).includes(id));
    expect(deleted.length).toBeGreaterThan(0);

    const seen: RegistrationsData[] = [];
    client.getQueryCache().subscribe(() => {
      const data = client.getQueryData<RegistrationsData>(registrationsKey(EVENT));
      if (data && seen.at(-1) !== data) seen.push(data);
    });
    const requests = registrationRequestsFromNow(EVENT);
    askFullCheck(EVENT);
    const run = client.refetchQueries({ queryKey: registrationsKey(EVENT) });
    // While it runs, the list is complete and exportable.
    await expect(settledRegistrations(client, EVENT, new AbortController().signal)).resolves.toBe('complete');
    await run;
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => !url.searchParams.has('updated_since'))).toBe(true);
    const verifying = seen.filter((data) => data.refresh?.phase === 'verifying');
    expect(verifying.length).toBeGreaterThan(0);
    for (const data of verifying) expect(data.rows).toBe(first.rows);

    const verified = client.getQueryData<RegistrationsData>(registrationsKey(EVENT))!;
    expect(verified.refresh).toMatchObject({ phase: 'verified', removed: deleted.length });
    expect(verified.rows).toEqual(serverRows(EVENT));
    const since = first.report.serverDate!.getTime();
    const history = verified.history!;
    expect(removedSince(history, since).map((entry) => entry.row.registration_id)).toEqual(deleted);
    const expected = diff(first.rows, serverRows(EVENT));
    const summary = summarizeChanges(history, verified.rows, since);
    expect(summary.removed).toBe(expected.removed);
    expect(summary.added).toBe(expected.added);
    expect(movesOf(summary)).toEqual(expected.moves);
    await deviceCopySettled();
    client.clear();
    endSession();

    // The removed registrations are kept in the copy's history: the next visit still lists them.
    const next = await visit(EVENT);
    expect(removedSince(next.history!, since)).toHaveLength(deleted.length);
    expect(deviceCopyStatus(EVENT).read).toMatchObject({ status: 'ok' });
  });

  it('checks the whole list by itself when the last full download is over a day old', async () => {
    const first = await visit(EVENT);
    advanceDemoDays(1, { eventIds: [EVENT] });
    signInForTests();
    const requests = registrationRequestsFromNow(EVENT);
    const client = new QueryClient();
    const data = await client.fetchQuery(registrationsQuery(EVENT));
    // First the check for changes, then the full download.
    expect(requests[0]!.searchParams.has('updated_since')).toBe(true);
    expect(requests.some((url) => !url.searchParams.has('updated_since'))).toBe(true);
    expect(data.refresh?.phase).toBe('verified');
    expect(data.rows).toEqual(serverRows(EVENT));
    expect(data.history!.fullCheckAt).toBeGreaterThan(first.report.serverDate!.getTime());
    await deviceCopySettled();
  });
});
