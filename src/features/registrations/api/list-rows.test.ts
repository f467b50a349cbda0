import type { Registration } from '@/engine/api/registration-schemas';
import type { ListRows } from '@/engine/sync/list-contract';
import { ListRowsSender } from '@/engine/sync/list-rows-sender';
import { buildQuestionTable, encodeRegistrationChunk } from '@/engine/copy/registrations-codec';
import { listContract } from '@/engine/sync/list-contract';
import { ListReceiver } from './registrations-progress';
import { pageRegistration } from '@/engine/api/page-registration';

const row = (id: number) => ({ registration_id: id }) as Registration;
const ids = (rows: readonly Registration[]) => rows.map((each) => each.registration_id);

describe("a list's rows, from the engine to the page", () => {
  it('reach the page once each, a late page filled in before the last ones, and name the version at the end', () => {
    const messages: ListRows[] = [];
    const receiver = new ListReceiver(undefined, null);
    const sender = new ListRowsSender((message) => {
      messages.push(message);
      receiver.take(message);
    });
    const first = Array.from({ length: 700 }, (_, i) => row(i + 1));
    sender.progress(
      () => first,
      null,
      () => 1,
    );
    // Pages 1 and 3 arrived; page 2 (ids 701-800) comes late, before page 3 (801-900).
    const page3 = Array.from({ length: 100 }, (_, i) => row(801 + i));
    const page2 = Array.from({ length: 100 }, (_, i) => row(701 + i));
    const withPage3 = [...first, ...page3];
    sender.end(withPage3, 2, null);
    const whole = [...first, ...page2, ...page3];
    sender.end(whole, 3, null);

    expect(ids(receiver.snapshot().rows)).toEqual(ids(whole));
    expect(receiver.snapshot().version).toBe(3);
    // Every row was sent once, but for page 3, sent again after the late page that went before it.
    const sent = messages.reduce((count, message) => count + message.rows.length, 0);
    expect(sent).toBe(700 + 100 + 200);
    // A batch names its version on its last message only: rows before it are not a whole list.
    expect(messages.filter((message) => message.version !== 0).map((m) => m.version)).toEqual([1, 2, 3]);
  });

  it('a list read from the device reaches the page as the copy keeps it, a chunk a message, its bytes handed over', () => {
    const read = listContract['list.open'].progress!;
    const messages: { message: ListRows; transfer: Transferable[] }[] = [];
    const receiver = new ListReceiver(undefined, null);
    const sender = new ListRowsSender((message, transfer = []) => {
      messages.push({ message, transfer });
      // What the page reads of it: the contract's parser, as the engine's client applies it.
      receiver.take(read(message)!.value);
    });
    const answered = (id: number) => ({
      ...row(id),
      last_name: null,
      email: null,
      order_id: null,
      payment_status: 'paid',
      // A field the API document does not list: kept by the engine, not sent to the page.
      updated_at: '2026-11-30T10:00:00Z',
      first_name: `Marie ${id}`,
      custom_questions: [{ que_id: 4, que_question_fr: 'Taille', que_question_en: 'Size', reponse: 'M' }],
    });
    // Two sealed chunks as the copy hands them over, then the end naming the version.
    const chunk1 = Array.from({ length: 5_000 }, (_, i) => answered(i + 1));
    const chunk2 = Array.from({ length: 1_234 }, (_, i) => answered(5_001 + i));
    const whole = [...chunk1, ...chunk2];
    const questions = buildQuestionTable(whole);
    const kept = [chunk1, chunk2].map((chunk) => encodeRegistrationChunk(chunk, questions));
    for (const [index, bytes] of kept.entries())
      sender.partial({ bytes, questions }, [chunk1, chunk2][index]!.length);
    sender.seal(7);

    expect(receiver.snapshot().rows).toEqual(whole.map(pageRegistration));
    expect(receiver.snapshot().version).toBe(7);
    // The page is handed each chunk's rows without the fields it does not hold.
    for (const [index, { message }] of messages.slice(0, 2).entries())
      expect(message.encoded!.bytes.byteLength).toBeLessThan(kept[index]!.byteLength);
    // A message per chunk, a copy of its bytes handed over; the end only names the version.
    expect(messages.map(({ message }) => message.rows.length)).toEqual([0, 0, 0]);
    expect(
      messages.slice(0, 2).map(({ message, transfer }) => transfer[0] === message.encoded?.bytes.buffer),
    ).toEqual([true, true]);
    // The engine keeps its own bytes, to decode them after answering.
    expect(messages.slice(0, 2).map(({ transfer }, index) => transfer[0] === kept[index]!.buffer)).toEqual([
      false,
      false,
    ]);
  });

  it('a chunk that cannot be read fails the message, never the page', () => {
    const read = listContract['list.open'].progress!;
    const message = { from: 0, rows: [], version: 0, report: null };
    const questions = { order: [], texts: [] };
    expect(
      read({ ...message, encoded: { bytes: new TextEncoder().encode('{"not": "rows"}'), questions } }),
    ).toBeNull();
    expect(read({ ...message, encoded: { bytes: 'rows', questions } })).toBeNull();
    expect(read({ ...message, encoded: { bytes: new Uint8Array(), questions: null } })).toBeNull();
  });

  it('a list that shrank (a full check found deletions) is cut on the page too', () => {
    const receiver = new ListReceiver(undefined, null);
    const sender = new ListRowsSender(receiver.take);
    const rows = [row(1), row(2), row(3)];
    sender.end(rows, 1, null);
    sender.end([rows[0]!, rows[1]!], 2, null);
    expect(ids(receiver.snapshot().rows)).toEqual([1, 2]);
    expect(receiver.snapshot().version).toBe(2);
  });
});
