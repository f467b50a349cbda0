import type { Registration } from '@/engine/api/registration-schemas';
import { duplicateGroups } from '../duplicate-groups';
import type { DuplicateGroup } from '../duplicate-kinds';
import type { RowFacts, RowFactsMemo } from './row-facts';
import { MAX_VOCABULARY_SPELLINGS } from '@/lib/clean-answers/clean-answers';

/** More people than this on one address, in several orders: worth a look. */
export const MAX_PEOPLE_PER_ADDRESS = 5;

/** A group's entries per member: the member and its two parts. */
const PARTS = 3;

/**
 * Registrations that share an address or an order, with what tells them apart: each member
 * followed by its two parts (address groups: its person and its order; order groups: '' and
 * its payment status), in one array. Thousands of groups of two or three live as long as the
 * scan: one array each, not a set and two maps.
 */
class Group {
  constructor(readonly entries: (Registration | string)[]) {}

  get size(): number {
    return this.entries.length / PARTS;
  }

  members(): Registration[] {
    const members: Registration[] = [];
    for (let i = 0; i < this.entries.length; i += PARTS) members.push(this.entries[i] as Registration);
    return members;
  }

  add(row: Registration, [first, second]: [string, string]): void {
    this.entries.push(row, first, second);
  }

  /** Takes `row` out; false when it was not in. Found by a walk: a sync takes out few rows. */
  remove(row: Registration): boolean {
    const at = this.entries.indexOf(row);
    if (at < 0) return false;
    this.entries.splice(at, PARTS);
    return true;
  }

  /** Whether the members' first (0) or second (1) parts take more than `limit` values. */
  partsMoreThan(part: 0 | 1, limit: number): boolean {
    const seen: unknown[] = [];
    for (let i = 1 + part; i < this.entries.length; i += PARTS) {
      const value = this.entries[i];
      if (seen.includes(value)) continue;
      seen.push(value);
      if (seen.length > limit) return true;
    }
    return false;
  }
}

/** One question's answers counted: its folded answers and their formats. */
export interface QuestionCounts {
  fr: string | null;
  en: string | null;
  answered: number;
  /**
   * Past MAX_VOCABULARY_SPELLINGS distinct answers no vocabulary reads a question
   * (questionReading): its answers are free text, no longer counted by fold (`keys` emptied).
   * It stays so for this scan's life: a question of a thousand different answers does not
   * become a vocabulary's by losing a few in a sync.
   */
  freeText: boolean;
  readonly keys: Map<string, number>;
  readonly runs: Map<string, number>;
  readonly exact: Map<string, number>;
}

/** One category's size, and how many of it answered each question. */
export interface CategoryCounts {
  size: number;
  readonly answered: Map<number, number>;
}

/**
 * What links an event's registrations together, counted, kept between scans: the addresses
 * and orders they share (with the groups a check finds), each question's answers and each
 * category's. A scan after a sync takes out the rows that went or changed and adds those that
 * came, so its cost follows the change, not the list (a list mostly new is counted afresh).
 */
export class EventScan {
  private rows: readonly Registration[] = [];
  private duplicates: readonly DuplicateGroup[] | null = null;
  private readonly addresses = new Map<string, Registration | Group>();
  private readonly orders = new Map<string, Registration | Group>();
  /** The addresses and orders a check finds now, flagged at the end of each update. */
  readonly flaggedAddresses = new Set<string>();
  readonly flaggedOrders = new Set<string>();
  readonly questions = new Map<number, QuestionCounts>();
  readonly categories = new Map<number | null, CategoryCounts>();

  constructor(private readonly memo: RowFactsMemo) {}

  /**
   * Brings the counts to `rows`. Compared row by row, never by the array: a caller may hold one
   * array and change it in place.
   */
  update(rows: readonly Registration[]): void {
    if (sameRows(this.rows, rows)) return;
    this.duplicates = null;
    // Both sets for this update only: a set of the counted rows kept between scans would hold
    // an entry per row for a lookup made once per scan.
    const next = new Set(rows);
    const counted = new Set(this.rows);
    const gone = this.rows.filter((row) => !next.has(row));
    const came = [...next].filter((row) => !counted.has(row));
    const touched = { addresses: new Set<string>(), orders: new Set<string>() };
    if (gone.length + came.length > rows.length) {
      this.clear();
      for (const row of next) this.count(row, 1, touched);
    } else {
      for (const row of gone) this.count(row, -1, touched);
      for (const row of came) this.count(row, 1, touched);
    }
    // Flagged once per update, from each changed group's members as they end up.
    for (const key of touched.addresses)
      this.flag(this.flaggedAddresses, key, this.groupOf(this.addresses, key), isSharedAddress);
    for (const key of touched.orders)
      this.flag(this.flaggedOrders, key, this.groupOf(this.orders, key), hasMixedStatus);
    this.rows = rows.slice();
  }

  /** The duplicate groups of the rows last brought in, found once for them. */
  duplicateGroups(): readonly DuplicateGroup[] {
    return (this.duplicates ??= duplicateGroups(this.rows));
  }

  /** The registrations of a flagged address or order. */
  membersOf(kind: 'address' | 'order', key: string): readonly Registration[] {
    const found = (kind === 'address' ? this.addresses : this.orders).get(key);
    return found === undefined ? [] : isGroup(found) ? found.members() : [found];
  }

  private groupOf(groups: Map<string, Registration | Group>, key: string): Group | null {
    const found = groups.get(key);
    return found !== undefined && isGroup(found) ? found : null;
  }

  private clear(): void {
    this.addresses.clear();
    this.orders.clear();
    this.flaggedAddresses.clear();
    this.flaggedOrders.clear();
    this.questions.clear();
    this.categories.clear();
  }

  /** Adds (sign 1) or takes out (-1) one registration's part in every count. */
  private count(
    row: Registration,
    sign: 1 | -1,
    touched: { addresses: Set<string>; orders: Set<string> },
  ): void {
    const facts = this.memo.factsOf(row);
    if (facts.emailKey !== '') {
      this.join(this.addresses, facts.emailKey, row, sign, addressParts);
      touched.addresses.add(facts.emailKey);
    }
    if (facts.order !== '') {
      this.join(this.orders, facts.order, row, sign, orderParts);
      touched.orders.add(facts.order);
    }
    this.countAnswers(row, facts, sign);
  }

  private flag(
    flagged: Set<string>,
    key: string,
    group: Group | null,
    isFlagged: (group: Group) => boolean,
  ): void {
    if (group !== null && isFlagged(group)) flagged.add(key);
    else flagged.delete(key);
  }

  /**
   * Puts `row` in (or out of) the group of `key`: a lone registration is kept as itself, a
   * group once a second one shares the key, and a lone registration again when one is left.
   */
  private join(
    groups: Map<string, Registration | Group>,
    key: string,
    row: Registration,
    sign: 1 | -1,
    parts: (row: Registration, facts: RowFacts) => [string, string],
  ): void {
    const found = groups.get(key);
    if (found === undefined) {
      if (sign > 0) groups.set(key, row);
      return;
    }
    if (!isGroup(found)) {
      if (sign < 0 && found === row) groups.delete(key);
      else if (sign > 0 && found !== row)
        groups.set(
          key,
          new Group([
            found,
            ...parts(found, this.memo.factsOf(found)),
            row,
            ...parts(row, this.memo.factsOf(row)),
          ]),
        );
      return;
    }
    if (sign > 0) found.add(row, parts(row, this.memo.factsOf(row)));
    else if (found.remove(row) && found.size === 1) groups.set(key, found.entries[0] as Registration);
  }

  private countAnswers(row: Registration, facts: RowFacts, sign: 1 | -1): void {
    let category = this.categories.get(facts.category);
    if (!category) this.categories.set(facts.category, (category = { size: 0, answered: new Map() }));
    category.size += sign;
    for (const entry of row.custom_questions) {
      if (sign > 0 && !this.questions.has(entry.que_id)) this.questions.set(entry.que_id, newQuestion());
      const question = this.questions.get(entry.que_id);
      if (!question) continue;
      question.fr ||= entry.que_question_fr || null;
      question.en ||= entry.que_question_en || null;
    }
    for (const answer of facts.answers) {
      const question = this.questions.get(answer.queId)!;
      question.answered += sign;
      if (!question.freeText) {
        bump(question.keys, answer.key, sign);
        if (question.keys.size > MAX_VOCABULARY_SPELLINGS) {
          question.freeText = true;
          question.keys.clear();
        }
      }
      bump(question.runs, answer.runs, sign);
      bump(question.exact, answer.exact, sign);
      bump(category.answered, answer.queId, sign);
    }
    if (category.size === 0) this.categories.delete(facts.category);
  }
}

function sameRows(a: readonly Registration[], b: readonly Registration[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// A class, not a shape: a registration keeps the API's extra fields, whatever their names.
const isGroup = (value: Registration | Group): value is Group => value instanceof Group;

const addressParts = (row: Registration, facts: RowFacts): [string, string] => [
  facts.personKey || `#${row.registration_id}`,
  facts.order || `#${row.registration_id}`,
];
const orderParts = (_row: Registration, facts: RowFacts): [string, string] => ['', facts.status];

/** An address used by more than MAX_PEOPLE_PER_ADDRESS people in several orders. */
const isSharedAddress = (group: Group) =>
  group.partsMoreThan(0, MAX_PEOPLE_PER_ADDRESS) && group.partsMoreThan(1, 1);

/** An order whose registrations do not all have the same payment status. */
const hasMixedStatus = (group: Group) => group.partsMoreThan(1, 1);

function bump<K>(counts: Map<K, number>, key: K, sign: number): void {
  const count = (counts.get(key) ?? 0) + sign;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

const newQuestion = (): QuestionCounts => ({
  fr: null,
  en: null,
  answered: 0,
  freeText: false,
  keys: new Map(),
  runs: new Map(),
  exact: new Map(),
});
