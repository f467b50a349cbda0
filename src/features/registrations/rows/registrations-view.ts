import { CHANGE_KINDS, type ChangeKind, type ChangeScope } from '@/engine/history/changes-since';
import { isCheckId, type CheckId } from '@/engine/figures/checks/check-kinds';

/**
 * The registrations screen's view state: search, filters, sort and hidden columns. The inputs
 * own it; the URL mirrors it a moment later (see use-registrations-view), so a link or the
 * back button restores the exact table. Never the key.
 */
export interface RegistrationsView {
  q: string;
  /** Category ids as text; '' selects registrations without a category. */
  categories: string[];
  /** Raw payment statuses; '' selects registrations without one. */
  statuses: string[];
  /**
   * "Everyone except": category ids ('' for no category) whose registrations are left out.
   * An exclusion names what goes, never what stays, so a category or status that appears
   * later (a new status after a sync) stays in. A value both chosen and excluded is excluded.
   */
  excludedCategories: string[];
  /** Raw payment statuses whose registrations are left out ('' for no status); see above. */
  excludedStatuses: string[];
  /**
   * Answers to custom questions, each `<que_id>:<answer key>` (see answerFilter): the event
   * overview links every answer count to exactly the rows that gave that answer. An empty
   * key selects the registrations that did not answer.
   */
  answers: string[];
  /** A column id: never empty, never starting with `-` (the URL's mark of descending). */
  sort: { id: string; desc: boolean } | null;
  /** Column ids, never empty. */
  hidden: string[];
  /**
   * Only what changed since a checkpoint ("what changed since your last visit"): new
   * registrations, status moves (optionally from one status), category or answer changes, or
   * the registrations removed. Null: every registration.
   */
  changes: ChangeScope | null;
  /** One order's registrations only (its order number as the API sends it); '' for every order. */
  order: string;
  /**
   * Only one list of an edition comparison (see editions/compare-editions): on an event's
   * table, its returning or new people against its previous edition `vs`; on a previous
   * edition's table, its people who did not come back to the event `vs` (lapsed). Null: every
   * registration.
   */
  edition: EditionFilter | null;
  /**
   * Only the registrations one check of the data doctor found (see figures/checks), less those
   * the promoter marked fine: the rows its count on the event page counts. Null: every one.
   */
  check: CheckId | null;
  /**
   * The registration whose details are open, or null. In the URL so that a link from the
   * overview, a duplicate group or another tab opens exactly that registration; never a filter.
   */
  open: number | null;
}

export const EDITION_KINDS = ['returning', 'new', 'lapsed'] as const;
export type EditionKind = (typeof EDITION_KINDS)[number];

export interface EditionFilter {
  readonly kind: EditionKind;
  /** The other edition's event id: the previous one for returning and new, the next one for lapsed. */
  readonly vs: number;
}

export const DEFAULT_REGISTRATIONS_VIEW: RegistrationsView = {
  q: '',
  categories: [],
  statuses: [],
  excludedCategories: [],
  excludedStatuses: [],
  answers: [],
  sort: null,
  hidden: [],
  changes: null,
  order: '',
  edition: null,
  check: null,
  open: null,
};

/** The URL parameter of each part of the view. */
const VIEW_PARAMS = {
  q: 'q',
  categories: 'cat',
  statuses: 'status',
  excludedCategories: 'notcat',
  excludedStatuses: 'notstatus',
  answers: 'ans',
  sort: 'sort',
  hidden: 'hide',
  /** The checkpoint, an ISO instant; `change` and `from` refine it (see readChanges). */
  changes: 'since',
  order: 'order',
  /** returning, new or lapsed; `vs` names the other edition (see readEdition). */
  edition: 'edition',
  check: 'check',
  open: 'open',
} as const;

/** The other edition's event id, beside `edition`. */
const VS_PARAM = 'vs';

/** The kind of change (default `changed`) and the status moved from, beside `since`. */
const CHANGE_PARAM = 'change';
const FROM_PARAM = 'from';

/*
 * Links are typed by hand or cut short, so reading never throws: a value (or one item of a
 * list) that cannot be read is dropped and the rest of the view is kept. A repeated parameter
 * counts once, with its first value.
 */

/**
 * A comma-separated list; each value is URI-encoded so it may itself hold a comma. `cat=` is
 * the list of one empty value (no category), as written for it. An item that is not valid
 * percent-encoding (`%E0`, `%ZZ`, a lone `%`) is dropped. Items after the first
 * {@link MAX_LIST_ITEMS} are ignored: each broken one costs a thrown URIError (microseconds),
 * and a megabyte of `%,` would freeze the tab for over a second.
 */
const parseList = (value: string | null): string[] =>
  value === null ? [] : value.split(',', MAX_LIST_ITEMS).flatMap((item) => decodeItem(item) ?? []);
/** Far more categories, statuses, answers or columns than a screen has. */
const MAX_LIST_ITEMS = 1000;
const LONE_SURROGATE = /\p{Cs}/gu;
/** A lone surrogate (text from the API may hold one) is written as U+FFFD, as URLSearchParams does. */
const joinList = (values: readonly string[]) =>
  values.map((value) => encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'))).join(',');

function decodeItem(item: string): string | null {
  try {
    return decodeURIComponent(item);
  } catch {
    return null; // URIError: a broken percent-encoding
  }
}

/** `<que_id>:<answer key>`, the question id a number (see answerFilter). */
const ANSWER_FILTER = /^\d{1,15}:/;

/** `last_name` is ascending, `-last_name` descending; `-` alone or `--x` is no sort. */
function parseSort(value: string | null): RegistrationsView['sort'] {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return id === '' || id.startsWith('-') ? null : { id, desc };
}

/** Checkpoints outside these years are typing mistakes, not dates this device could have seen. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** `since=<ISO instant>[&change=<kind>][&from=<status>]`; a checkpoint that does not read is no filter. */
function readChanges(params: URLSearchParams): ChangeScope | null {
  const since = params.get(VIEW_PARAMS.changes);
  if (since === null || !ISO_INSTANT.test(since)) return null;
  const at = Date.parse(since);
  if (!Number.isFinite(at) || at < EARLIEST || at >= LATEST) return null;
  const change = params.get(CHANGE_PARAM);
  const kind = CHANGE_KINDS.find((known) => known === change) ?? 'changed';
  const from = params.get(FROM_PARAM);
  return kind === 'status' && from !== null
    ? { since: at, kind, from: from.replace(LONE_SURROGATE, '\uFFFD') }
    : { since: at, kind };
}

function writeChanges(params: URLSearchParams, changes: ChangeScope): void {
  params.set(VIEW_PARAMS.changes, new Date(changes.since).toISOString());
  if (changes.kind !== 'changed') params.set(CHANGE_PARAM, changes.kind);
  if (changes.kind === 'status' && changes.from !== undefined && changes.from !== null)
    params.set(FROM_PARAM, changes.from);
}

/** A change filter for links and inputs: `from` only with status moves. */
export function changeScope(since: number, kind: ChangeKind = 'changed', from?: string): ChangeScope {
  return kind === 'status' && from !== undefined ? { since, kind, from } : { since, kind };
}

/** `edition=<kind>&vs=<event id>`; either missing or unreadable is no filter. */
function readEdition(params: URLSearchParams): EditionFilter | null {
  const value = params.get(VIEW_PARAMS.edition);
  const kind = EDITION_KINDS.find((known) => known === value);
  const vs = parseRegistrationId(params.get(VS_PARAM));
  return kind !== undefined && vs !== null ? { kind, vs } : null;
}

/** A check's id, or no filter for anything else. */
const readCheck = (value: string | null): CheckId | null => (isCheckId(value) ? value : null);

export function readRegistrationsView(params: URLSearchParams): RegistrationsView {
  return {
    q: params.get(VIEW_PARAMS.q) ?? '',
    categories: parseList(params.get(VIEW_PARAMS.categories)).filter(isCategoryKey),
    statuses: parseList(params.get(VIEW_PARAMS.statuses)),
    excludedCategories: parseList(params.get(VIEW_PARAMS.excludedCategories)).filter(isCategoryKey),
    excludedStatuses: parseList(params.get(VIEW_PARAMS.excludedStatuses)),
    answers: parseList(params.get(VIEW_PARAMS.answers)).filter((value) => ANSWER_FILTER.test(value)),
    sort: parseSort(params.get(VIEW_PARAMS.sort)),
    hidden: parseList(params.get(VIEW_PARAMS.hidden)).filter(Boolean),
    changes: readChanges(params),
    order: params.get(VIEW_PARAMS.order) ?? '',
    edition: readEdition(params),
    check: readCheck(params.get(VIEW_PARAMS.check)),
    open: parseRegistrationId(params.get(VIEW_PARAMS.open)),
  };
}

/**
 * A category as the rows key it: '' (no category) or a number as String() writes it. Anything
 * else in a link (`cat=abc`) names no category a row can have: dropped, never shown as a chip
 * of "Unknown category (#NaN)".
 */
export function isCategoryKey(value: string): boolean {
  return value === '' || String(Number(value)) === value;
}

/** A registration (or event) id is a positive whole number; anything else opens nothing. */
function parseRegistrationId(value: string | null): number | null {
  if (value === null || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Only what differs from the default is written, so plain links stay plain. */
export function writeRegistrationsView(view: RegistrationsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q) params.set(VIEW_PARAMS.q, view.q);
  if (view.categories.length) params.set(VIEW_PARAMS.categories, joinList(view.categories));
  if (view.statuses.length) params.set(VIEW_PARAMS.statuses, joinList(view.statuses));
  if (view.excludedCategories.length)
    params.set(VIEW_PARAMS.excludedCategories, joinList(view.excludedCategories));
  if (view.excludedStatuses.length) params.set(VIEW_PARAMS.excludedStatuses, joinList(view.excludedStatuses));
  if (view.answers.length) params.set(VIEW_PARAMS.answers, joinList(view.answers));
  if (view.sort) params.set(VIEW_PARAMS.sort, `${view.sort.desc ? '-' : ''}${view.sort.id}`);
  if (view.hidden.length) params.set(VIEW_PARAMS.hidden, joinList(view.hidden));
  if (view.changes) writeChanges(params, view.changes);
  if (view.order) params.set(VIEW_PARAMS.order, view.order);
  if (view.edition) {
    params.set(VIEW_PARAMS.edition, view.edition.kind);
    params.set(VS_PARAM, String(view.edition.vs));
  }
  if (view.check) params.set(VIEW_PARAMS.check, view.check);
  if (view.open !== null) params.set(VIEW_PARAMS.open, String(view.open));
  return params;
}

export function hasRowFilters(view: RegistrationsView): boolean {
  return (
    view.q.trim() !== '' ||
    view.categories.length > 0 ||
    view.statuses.length > 0 ||
    view.excludedCategories.length > 0 ||
    view.excludedStatuses.length > 0 ||
    view.answers.length > 0 ||
    view.changes !== null ||
    view.order.trim() !== '' ||
    view.edition !== null ||
    view.check !== null
  );
}

/** The view with search and filters cleared (sort and columns stay). */
export function clearRowFilters(view: RegistrationsView): RegistrationsView {
  return {
    ...view,
    q: '',
    categories: [],
    statuses: [],
    excludedCategories: [],
    excludedStatuses: [],
    answers: [],
    changes: null,
    order: '',
    edition: null,
    check: null,
  };
}

/** The `answers` entry for one answer to one question (`answerKey` folds case, accents, spaces). */
export function answerFilter(queId: number, answerKey: string): string {
  return `${queId}:${answerKey}`;
}

/** The question and answer key of an `answers` entry. */
export function parseAnswerFilter(value: string): { queId: number; key: string } {
  const colon = value.indexOf(':');
  return { queId: Number(value.slice(0, colon)), key: value.slice(colon + 1) };
}

/** The registrations screen's link to exactly the rows of some filters, e.g. from the overview. */
export function registrationsSearch(filters: Partial<RegistrationsView>): URLSearchParams {
  return writeRegistrationsView({ ...DEFAULT_REGISTRATIONS_VIEW, ...filters });
}
