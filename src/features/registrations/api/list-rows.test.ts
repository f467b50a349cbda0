import type { Registration } from '@/engine/api/registration-schemas';
import type { ListRows } from '@/engine/sync/list-contract';
import { ListRowsSender } from '@/engine/sync/list-rows-sender';
import { ROWS_PER_WORKER_MESSAGE } from '@/lib/main-thread-budget';
import { ListReceiver } from './registrations-progress';

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

  it('a list read from the device reaches the page in messages of the usual size, whole chunks as they are decrypted', () => {
    const messages: ListRows[] = [];
    const receiver = new ListReceiver(undefined, null);
    const sender = new ListRowsSender((message) => {
      messages.push(message);
      receiver.take(message);
    });
    // Two sealed chunks as the copy hands them over, then the end naming the version.
    const chunk1 = Array.from({ length: 5_000 }, (_, i) => row(i + 1));
    const chunk2 = Array.from({ length: 1_234 }, (_, i) => row(5_001 + i));
    sender.partial(chunk1);
    sender.partial(chunk2);
    const whole = [...chunk1, ...chunk2];
    sender.end(whole, 7, null);

    expect(ids(receiver.snapshot().rows)).toEqual(ids(whole));
    expect(receiver.snapshot().version).toBe(7);
    expect(Math.max(...messages.map((message) => message.rows.length))).toBe(ROWS_PER_WORKER_MESSAGE);
    // Each row crossed once; the end only names the version.
    expect(messages.reduce((count, message) => count + message.rows.length, 0)).toBe(whole.length);
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
