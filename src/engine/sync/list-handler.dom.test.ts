import { theEngine } from '@/engine/engine';
import { deviceCopySettled, listDeviceCopy } from '@/engine/copy/device-copy';
import { freshIndexedDbForEachTest } from '@/engine/copy/testing/fresh-indexeddb';
import { signInForTests } from '@/engine/loader/testing/loader-test-kit';
import { getDemoDataset } from '@/mocks/data';
import { getSession } from '@/lib/session';
import { placeOf } from '@/engine/copy/copy-calls';
import { REGISTRATION_FIELDS } from '@/engine/api/registration-fields';
import type { ListRows, ListTarget } from './list-contract';

/** Alpine, 420 registrations. */
const EVENT = 1005;

freshIndexedDbForEachTest();

function target(): ListTarget {
  return { place: placeOf(getSession()!), demo: false, eventId: EVENT, firstPage: null, keep: true };
}

/** Loads the event's list in the engine; the rows it sent, as the page would hold them. */
async function load() {
  const held: ListRows['rows'][number][] = [];
  const answer = await theEngine().call(
    'list.load',
    { ...target(), resume: false },
    {
      onProgress: ({ from, rows }) => {
        held.length = from;
        held.push(...rows);
      },
    },
  );
  return { answer, held };
}

describe("the engine's lists for the screens", () => {
  it('loads a list, sends each row, saves it on the device, and checks it for changes by its version', async () => {
    signInForTests();
    const { answer, held } = await load();
    expect(answer.kind).toBe('complete');
    if (answer.kind !== 'complete') return;
    expect(held.map((row) => row.registration_id)).toEqual(
      getDemoDataset()
        .registrationsOf(EVENT)
        .map((row) => row.registration_id),
    );
    expect(answer.figures).toMatchObject({ total: held.length });
    await deviceCopySettled();
    const kept = await listDeviceCopy();
    expect(kept.status === 'ok' && kept.events.find((event) => event.eventId === EVENT)?.rows).toBe(
      held.length,
    );

    const checked = await theEngine().call('list.changes', { ...target(), version: answer.version });
    expect(checked).toMatchObject({ kind: 'changed', changed: 0, added: 0, replacedAt: [], appended: [] });
    // A version the engine does not hold (the page's list is another one): start from the server.
    expect(await theEngine().call('list.changes', { ...target(), version: answer.version + 1_000 })).toEqual({
      kind: 'unknown',
    });
    await deviceCopySettled();
  });

  it('forgets every list when the copy is wiped (sign-out): nothing of them is checked or saved again', async () => {
    signInForTests();
    const { answer } = await load();
    if (answer.kind !== 'complete') throw new Error(answer.kind);
    await deviceCopySettled();
    expect(await theEngine().call('copy.wipe', {})).toBe(true);
    expect(await theEngine().call('list.changes', { ...target(), version: answer.version })).toEqual({
      kind: 'unknown',
    });
    const kept = await listDeviceCopy();
    expect(kept).toEqual({ status: 'ok', events: [] });
  });

  it('sends the page each row’s documented fields, and gives one registration whole, at a version it holds, to its session only', async () => {
    signInForTests();
    const { answer, held } = await load();
    if (answer.kind !== 'complete') throw new Error(answer.kind);
    const sent = held[0]!;
    const source = getDemoDataset()
      .registrationsOf(EVENT)
      .find((row) => row.registration_id === sent.registration_id)!;
    const undocumented = Object.keys(source).filter(
      (key) => !(REGISTRATION_FIELDS as readonly string[]).includes(key),
    );
    expect(undocumented.length).toBeGreaterThan(0);
    for (const row of held) for (const key of undocumented) expect(row).not.toHaveProperty(key);

    const asked = {
      place: target().place,
      eventId: EVENT,
      version: answer.version,
      registrationId: sent.registration_id,
    };
    const whole = await theEngine().call('list.registration', asked);
    expect(whole).toMatchObject({
      ...sent,
      ...Object.fromEntries(undocumented.map((key) => [key, source[key as keyof typeof source]])),
    });
    expect(await theEngine().call('list.registration', { ...asked, registrationId: 999_999_999 })).toBeNull();
    expect(
      await theEngine().call('list.registration', { ...asked, version: answer.version + 1_000 }),
    ).toBeNull();
    const otherSession = { ...asked, place: { ...asked.place, apiKey: `${asked.place.apiKey}-other` } };
    expect(await theEngine().call('list.registration', otherSession)).toBeNull();
    await deviceCopySettled();
  });

  it('reopens a list from the device: answers once the page has every row, and counts, looks up and checks that version once the engine decoded its own', async () => {
    signInForTests();
    const { answer: loaded, held: sent } = await load();
    if (loaded.kind !== 'complete') throw new Error(loaded.kind);
    await deviceCopySettled();
    await theEngine().call('list.forget', { eventId: EVENT });

    const held: ListRows['rows'][number][] = [];
    const opened = await theEngine().call('list.open', target(), {
      onProgress: ({ from, rows }) => {
        held.length = from;
        held.push(...rows);
      },
    });
    if (opened.kind !== 'opened') throw new Error(opened.kind);
    expect(opened).not.toHaveProperty('figures');
    expect(held).toEqual(sent);
    const { version } = opened;
    const first = held[0]!;
    // Asked at once: each waits for the engine's rows, none answers "unknown".
    const [whole, figures, checked] = await Promise.all([
      theEngine().call('list.registration', {
        place: target().place,
        eventId: EVENT,
        version,
        registrationId: first.registration_id,
      }),
      theEngine().call('list.figures', { ...target(), version }),
      theEngine().call('list.changes', { ...target(), version }),
    ]);
    expect(whole).toMatchObject(first);
    // Reopening starts a visit: "new since your last visit" counts from the first one.
    expect(figures).toEqual({ ...loaded.figures, lastVisit: loaded.figures.asOf, newSinceLastVisit: 0 });
    expect(checked).toMatchObject({ kind: 'changed', changed: 0, added: 0 });
    await deviceCopySettled();
  });
});
