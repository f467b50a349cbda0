import type { Registration } from '@/engine/api/registration-schemas';
import { duplicateGroups } from '../duplicate-groups';
import type { DuplicateGroup } from '../duplicate-kinds';
import type { RowFacts, RowFactsMemo } from './row-facts';
import { MAX_VOCABULARY_SPELLINGS } from '@/lib/clean-answers/clean-answers';

/** More people than this on one address, in several orders: worth a look. */
export const MAX_PEOPLE_PER_ADDRESS = 5;

/** Registrations that share an address or an order, with what tells them apart, counted. */
class Group {
  readonly members = new Set<Registration>();
  /** Address groups: people (person keys) and orders; order groups: payment statuses. */
  readonly first = new Map<string, number>();
  readonly second = new Map<string, number>();
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
  /** The addresses and orders a check finds now (see flagAddress, flagOrder). */
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
    const came = rows.filter((row) => !counted.has(row));
    if (gone.length + came.length > rows.length) {
      this.clear();
      for (const row of next) this.count(row, 1);
    } else {
      for (const row of gone) this.count(row, -1);
      for (const row of came) this.count(row, 1);
    }
    this.rows = rows.slice();
  }

  /** The duplicate groups of the rows last brought in, found once for them. */
  duplicateGroups(): readonly DuplicateGroup[] {
    return (this.duplicates ??= duplicateGroups(this.rows));
  }

  /** The registrations of a flagged address or order. */
  membersOf(kind: 'address' | 'order', key: string): ReadonlySet<Registration> {
    const found = (kind === 'address' ? this.addresses : this.orders).get(key);
    return found === undefined ? new Set() : isGroup(found) ? found.members : new Set([found]);
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
  private count(row: Registration, sign: 1 | -1): void {
    const facts = this.memo.factsOf(row);
    if (facts.emailKey !== '') {
      const group = this.join(this.addresses, facts.emailKey, row, sign, addressParts);
      this.flag(this.flaggedAddresses, facts.emailKey, group !== null && isSharedAddress(group));
    }
    if (facts.order !== '') {
      const group = this.join(this.orders, facts.order, row, sign, orderParts);
      this.flag(this.flaggedOrders, facts.order, group !== null && group.second.size > 1);
    }
    this.countAnswers(row, facts, sign);
  }

  private flag(flagged: Set<string>, key: string, on: boolean): void {
    if (on) flagged.add(key);
    else flagged.delete(key);
  }

  /**
   * Puts `row` in (or out of) the group of `key`: a lone registration is kept as itself, a
   * group once a second one shares the key. The group after the change, or null for none.
   */
  private join(
    groups: Map<string, Registration | Group>,
    key: string,
    row: Registration,
    sign: 1 | -1,
    parts: (row: Registration, facts: RowFacts) => [string, string],
  ): Group | null {
    const found = groups.get(key);
    if (sign > 0 && found === undefined) {
      groups.set(key, row);
      return null;
    }
    if (found === undefined) return null;
    let group: Group;
    if (isGroup(found)) group = found;
    else {
      if (sign < 0) {
        if (found === row) groups.delete(key);
        return null;
      }
      group = new Group();
      add(group, found, parts(found, this.memo.factsOf(found)), 1);
      groups.set(key, group);
    }
    if (sign > 0 ? group.members.has(row) : !group.members.has(row)) return group;
    add(group, row, parts(row, this.memo.factsOf(row)), sign);
    if (group.members.size === 0) {
      groups.delete(key);
      return null;
    }
    return group;
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

function add(group: Group, row: Registration, [first, second]: [string, string], sign: 1 | -1): void {
  if (sign > 0) group.members.add(row);
  else group.members.delete(row);
  bump(group.first, first, sign);
  bump(group.second, second, sign);
}

/** An address used by more than MAX_PEOPLE_PER_ADDRESS people in several orders. */
const isSharedAddress = (group: Group) => group.first.size > MAX_PEOPLE_PER_ADDRESS && group.second.size > 1;

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
