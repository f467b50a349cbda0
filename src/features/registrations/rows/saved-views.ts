import { z } from '@/lib/zod';
import { schemaOnFirstUse } from '@/lib/schema-on-first-use';
import { questionColumnId } from './question-columns';
import {
  parseAnswerFilter,
  readRegistrationsView,
  writeRegistrationsView,
  type RegistrationsView,
} from './registrations-view';

/**
 * The views of an event's registrations the promoter named ("Paid, not the kids' race"): the
 * view (search, filters, exclusions, sort, columns) as its URL's query string, so opening one
 * is following its link, read by the same parser that never throws.
 *
 * Kept in the encrypted copy on this device (a record of the event, sealed like its rows): a
 * search can hold a participant's name. They belong to the API key and address that saved
 * them and are wiped with the copy (sign-out, a 401, "Forget this device"); where there is no
 * copy they last as long as the tab's cached data. See use-saved-views.ts.
 */
export interface SavedView {
  /** Random, never shown. */
  readonly id: string;
  readonly name: string;
  /** The view as a query string (writeRegistrationsView), without the open registration. */
  readonly search: string;
  /** When it was saved or last renamed, ms since the epoch (this browser's clock). */
  readonly savedAt: number;
  /**
   * The names, when saved, of the categories and columns the view refers to (by id): what
   * to call them once they are gone ("the category Trail 42 km no longer exists").
   */
  readonly names: SavedViewNames;
  /** The print dialogs' choices saved with the view: kept verbatim here, parsed when the view opens (export/print-options.ts). */
  readonly print?: unknown;
}

export interface SavedViewNames {
  readonly categories: Readonly<Record<string, string>>;
  readonly columns: Readonly<Record<string, string>>;
}

/** More views than one event needs: a damaged or hostile record cannot grow the page's memory. */
export const MAX_SAVED_VIEWS = 100;
export const MAX_VIEW_NAME = 80;
/** A link longer than this is no view a promoter built by hand. */
const MAX_SEARCH = 20_000;

const savedViewSchema = schemaOnFirstUse(() => {
  const names = z.record(z.string().check(z.maxLength(200)), z.string().check(z.maxLength(500)));
  return z.object({
    id: z.string().check(z.minLength(1), z.maxLength(100)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_VIEW_NAME)),
    search: z.string().check(z.maxLength(MAX_SEARCH)),
    // zod's numbers are finite: Infinity and NaN do not parse.
    savedAt: z.number(),
    names: z.catch(z.object({ categories: z.catch(names, {}), columns: z.catch(names, {}) }), {
      categories: {},
      columns: {},
    }),
    print: z.optional(z.unknown()),
  });
});
const recordSchema = schemaOnFirstUse(() => z.object({ version: z.literal(1), views: z.array(z.unknown()) }));

/**
 * The saved views in whatever was read back (any value: a later format, a damaged record).
 * Never throws: a view that does not read is dropped and the others kept, each id once.
 */
export function parseSavedViews(value: unknown): SavedView[] {
  const record = recordSchema().safeParse(value);
  if (!record.success) return [];
  const views: SavedView[] = [];
  const ids = new Set<string>();
  for (const item of record.data.views) {
    if (views.length >= MAX_SAVED_VIEWS) break;
    const parsed = savedViewSchema().safeParse(item);
    if (!parsed.success || ids.has(parsed.data.id)) continue;
    ids.add(parsed.data.id);
    const { print, ...view } = parsed.data;
    views.push(print === undefined ? view : { ...view, print });
  }
  return views;
}

/** What is saved for a list of views (parseSavedViews reads it back). */
export function savedViewsRecord(views: readonly SavedView[]): { version: 1; views: SavedView[] } {
  return { version: 1, views: views.slice(0, MAX_SAVED_VIEWS) };
}

/** The query string a view is saved as: the whole view but the open registration. */
export function savedViewSearch(view: RegistrationsView): string {
  return writeRegistrationsView({ ...view, open: null }).toString();
}

/** What opening a saved view meets on the event as it is now. */
export interface EventShape {
  /** Whether the list is whole: only then can a column be known to be gone. */
  readonly complete: boolean;
  /** The table's column ids (the fixed ones, then one per question). */
  readonly columnIds: readonly string[];
  /** The ids of the event's categories, and of any category the rows name. */
  readonly categoryIds: ReadonlySet<string>;
}

export interface DroppedPart {
  readonly kind: 'category' | 'column';
  /** Its name when the view was saved, or its id. */
  readonly name: string;
}

/**
 * A saved view as it can open now: the categories (chosen or excluded) and the columns (hidden,
 * sorted on, or an answer filtered on) that no longer exist are left out, and listed. Statuses
 * are never left out: a status no row has today may come back. While the list is still
 * loading, a question's column may just not be seen yet: the view opens as saved.
 */
export function applicableView(
  saved: SavedView,
  shape: EventShape,
): { view: RegistrationsView; dropped: DroppedPart[] } {
  const view = readRegistrationsView(new URLSearchParams(saved.search));
  if (!shape.complete) return { view, dropped: [] };
  const dropped: DroppedPart[] = [];
  const drop = (kind: DroppedPart['kind'], id: string) => {
    const name = (kind === 'category' ? saved.names.categories[id] : saved.names.columns[id]) ?? id;
    if (!dropped.some((part) => part.kind === kind && part.name === name)) dropped.push({ kind, name });
  };
  const columns = new Set(shape.columnIds);
  const keepCategory = (id: string) => {
    const kept = id === '' || shape.categoryIds.has(id);
    if (!kept) drop('category', id);
    return kept;
  };
  const keepColumn = (id: string) => {
    const kept = columns.has(id);
    if (!kept) drop('column', id);
    return kept;
  };
  const categories = view.categories.filter(keepCategory);
  const excludedCategories = view.excludedCategories.filter(keepCategory);
  const sort = view.sort && keepColumn(view.sort.id) ? view.sort : null;
  const hidden = view.hidden.filter(keepColumn);
  const answers = view.answers.filter((entry) =>
    keepColumn(questionColumnId(parseAnswerFilter(entry).queId)),
  );
  return { view: { ...view, categories, excludedCategories, sort, hidden, answers }, dropped };
}

/** The category ids and column ids a view refers to, for SavedView.names. */
export function namedParts(view: RegistrationsView): { categories: string[]; columns: string[] } {
  const categories = [...new Set([...view.categories, ...view.excludedCategories])].filter((id) => id !== '');
  const columns = new Set([...view.hidden, ...(view.sort ? [view.sort.id] : [])]);
  for (const entry of view.answers) columns.add(questionColumnId(parseAnswerFilter(entry).queId));
  return { categories, columns: [...columns] };
}
