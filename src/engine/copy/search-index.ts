import { narrowsSearch, searchTerms } from '@/lib/text-keys';
import { hitOf, rowText, type IndexedEvent } from './search-indexed-event';
import type { SearchAnswer, SearchHit } from './search-protocol';
import { scanPart, scanSignatures } from './search-scans';
import { termsSignature } from './search-signatures';
/**
 * The search across events: each event's registrations as packed strings of their search keys
 * (name, e-mail, order number, phone numbers found in the answers), rows separated by a line
 * break and fields by a tab (a query term never holds either: terms are split on whitespace),
 * and a 128-bit signature per row: one bit per pair of neighbouring characters. A search reads
 * only the rows whose signature has every bit of the query's words, and checks the words in
 * their text; a one-letter query (no pair) runs `indexOf` over the packed strings instead.
 * Over hundreds of thousands of registrations, a keystroke then reads a small part of the
 * index, where `indexOf` of the longest word over the whole strings would read all of it, every
 * time (the figures: docs/performance.md, "Search across events"). A trigram index would take
 * several times the memory.
 *
 * What a result shows (names, e-mail, order, status, category) is kept packed too, one string
 * per event and the start of each field in an Int32Array: 500,000 rows as five separate
 * strings each would take about 100 MB more.
 *
 * This module holds the index and its search. An event's entries and how they are built:
 * search-indexed-event.ts; the signatures: search-signatures.ts; the scans of an event:
 * search-scans.ts.
 */

/**
 * Matches counted at most: past that, the answer says "more than 1,000" and the search stops.
 * Counting every row of a one-letter query over 500,000 registrations is a whole scan of the
 * index for a number nobody reads; stopping there keeps each keystroke of a name being typed
 * to a fraction of a scan.
 */
export const COUNT_AT_MOST = 1_000;

interface LastSearch {
  readonly terms: readonly string[];
  readonly order: string;
  /** The matching rows of each event, in list order. */
  readonly rows: Map<number, number[]>;
}

/** Every synced event's entries, by event id. */
export class SearchIndex {
  private readonly events = new Map<number, IndexedEvent>();
  /** The previous search, while the index has not changed since. */
  private last: LastSearch | null = null;

  set(event: IndexedEvent): void {
    this.events.set(event.eventId, event);
    this.last = null;
  }

  versionOf(eventId: number): number | undefined {
    return this.events.get(eventId)?.version;
  }

  clear(): void {
    this.events.clear();
    this.last = null;
  }

  eventIds(): number[] {
    return [...this.events.keys()].sort((a, b) => a - b);
  }

  /**
   * The registrations matching every word of the query, in any field (so a name in either
   * order): the first `limit` of them, the events in `order` first (then by id), each event's
   * in its list's order (for a one-letter query, its Latin-1 rows first), and how many match in
   * all. An empty query matches nothing.
   *
   * A query that only makes the previous one more specific (each earlier word is inside a word
   * of this one: "mar" after "ma", "marie d" after "marie") can only match rows the previous
   * one matched, so only those are checked: typing narrows in a few ms. Counting stops past
   * COUNT_AT_MOST (`more`); such an answer is not narrowed from.
   */
  search(query: string, limit: number, order: readonly number[] = []): Omit<SearchAnswer, 'building'> {
    const events = this.eventIds();
    const terms = searchTerms(query).sort((a, b) => b.length - a.length);
    const results: SearchHit[] = [];
    if (terms.length === 0) return { total: 0, more: false, results, events };
    const orderKey = order.join(',');
    const last = this.last;
    const narrow = last !== null && last.order === orderKey && narrowsSearch(last.terms, terms);
    const signature = termsSignature(terms);
    const kept = new Map<number, number[]>();
    let total = 0;
    let more = false;
    /** Takes a match; false once the count is past its cap (the search stops). */
    const found = (event: IndexedEvent, row: number): boolean => {
      if (total === COUNT_AT_MOST) {
        more = true;
        return false;
      }
      total += 1;
      if (results.length < limit) results.push(hitOf(event, row));
      kept.get(event.eventId)!.push(row);
      return true;
    };
    const ranked = [...new Set([...order.filter((id) => this.events.has(id)), ...events])];
    for (const eventId of ranked) {
      if (more) break;
      const event = this.events.get(eventId)!;
      kept.set(eventId, []);
      const candidates = narrow ? last.rows.get(eventId) : undefined;
      if (candidates) {
        for (const row of candidates) {
          const text = rowText(event, row);
          if (terms.every((term) => text.includes(term)) && !found(event, row)) break;
        }
      } else if (signature) {
        scanSignatures(event, signature, terms, (row) => found(event, row));
      } else {
        for (const part of event.parts) {
          let going = true;
          scanPart(part, terms, (place) => (going = found(event, part.rows[place]!)));
          if (!going) break;
        }
      }
    }
    this.last = more ? null : { terms, order: orderKey, rows: kept };
    return { total, more, results, events };
  }
}
