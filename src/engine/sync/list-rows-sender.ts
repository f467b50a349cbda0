import { ROWS_PER_WORKER_MESSAGE } from '@/lib/main-thread-budget';
import { sharedFront } from '@/lib/shared-front';
import { pageRegistration } from '@/engine/api/page-registration';
import type { Registration } from '@/engine/api/registration-schemas';
import type { LoadReport } from '@/engine/loader/load-types';
import { rowsOnly, type EncodedRows } from '@/engine/copy/registrations-codec';
import type { ListRows } from './list-contract';

/**
 * A load's rows go to the page at most this often (the first ones and the end at once): as
 * often as the page shows them (PUBLISH_INTERVAL_MS), and no more, so the versions the engine
 * keeps (event-lists.ts) cover the figures the page asks for during a load.
 */
const SEND_INTERVAL_MS = 300;

/**
 * Sends a list's rows to the page as they grow, each row once: every message carries the rows
 * from the first position that differs from what was sent before (a load appends pages, and
 * now and then fills in a late page before the last ones), a few hundred rows per message.
 * Only the last message of a batch names the version of the whole list: the page's list has
 * that version once it took them all. The page gets each row as it holds it (pageRegistration).
 * A list read from the device goes another way: its chunks as the copy keeps them (`partial`),
 * then the version (`seal`); a sender is used one way or the other.
 */
export class ListRowsSender {
  private sent: readonly Registration[] = [];
  /** How many rows `partial` sent. */
  private partials = 0;
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly post: (message: ListRows, transfer?: Transferable[]) => void) {}

  /**
   * While a load goes on: sends now if it is time (or the first rows), else waits for the next
   * call. `versionOf` gives the rows sent their version (the engine keeps them under it).
   */
  progress(
    rows: () => readonly Registration[],
    report: LoadReport | null,
    versionOf: (rows: readonly Registration[]) => number,
  ): void {
    const now = performance.now();
    const first = this.sent.length === 0;
    if (!first && now - this.last < SEND_INTERVAL_MS) return;
    const current = rows();
    if (first && current.length === 0) return;
    this.last = now;
    this.send(current, versionOf(current), report);
  }

  /**
   * Rows that follow those sent (a chunk of a list read from the device, in order), sent now as
   * part of no version yet: the version comes with `seal`. They go as the copy keeps them, but
   * for the fields the page does not hold (rowsOnly), and the page decodes them. The engine
   * keeps `encoded` to decode itself after answering, so the page is handed a copy of those
   * bytes (made at once; taking the same rows as a structured clone would cost the page more).
   */
  partial(encoded: EncodedRows, rows: number): void {
    if (rows === 0) return;
    const bytes = rowsOnly(encoded.bytes).slice();
    this.post({ from: this.partials, rows: [], encoded: { ...encoded, bytes }, version: 0, report: null }, [
      bytes.buffer,
    ]);
    this.partials += rows;
  }

  /** The rows sent by `partial` are the whole list, at `version`. */
  seal(version: number): void {
    this.post({ from: this.partials, rows: [], version, report: null });
  }

  /** The list as it ends, with its version. */
  end(rows: readonly Registration[], version: number, report: LoadReport | null): void {
    this.send(rows, version, report);
  }

  private send(rows: readonly Registration[], version: number, report: LoadReport | null): void {
    const sent = this.sent;
    const from = sharedFront(sent, rows);
    this.sent = rows;
    if (from === rows.length && from === sent.length) {
      this.post({ from, rows: [], version, report });
      return;
    }
    for (let start = from; start === from || start < rows.length; start += ROWS_PER_WORKER_MESSAGE) {
      const end = Math.min(rows.length, start + ROWS_PER_WORKER_MESSAGE);
      this.post({
        from: start,
        rows: rows.slice(start, end).map(pageRegistration),
        version: end === rows.length ? version : 0,
        report,
      });
    }
  }
}
