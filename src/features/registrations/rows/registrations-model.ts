import { SLICE_BUDGET_MS } from '@/lib/main-thread-budget';
import { sharedFront } from '@/lib/shared-front';
import { yieldToBrowser } from '@/lib/yield-to-browser';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { Category } from '@/engine/api/event-schemas';
import type { Language } from '@/i18n/languages';
import { onRegistrationsRemoved } from '../api/registrations-cache';
import type { Registration } from '@/engine/api/registration-schemas';
import { presentFacetValues, type PresentFacetValues } from './facet-options';
import { QuestionDiscovery, type QuestionColumn } from './question-columns';
import {
  columnTitles,
  FIXED_COLUMN_IDS,
  registrationLabels,
  type Label,
  type RegistrationLabels,
} from './registration-labels';
import { RowBuilder, type RegistrationRow } from './registration-rows';

/**
 * An event's registrations as every view reads them, in one language: the rows (cells as the
 * table, cards, details, print and exports show them), the questions and column titles, and
 * the category and status values present. Built once per data version and language, and
 * shared: the registrations screen, its exports and print, and a return to the screen all
 * read the same object, with the search text and column orders cached on its rows.
 */
export interface RegistrationsModel {
  readonly registrations: readonly Registration[];
  readonly labels: RegistrationLabels;
  readonly rows: readonly RegistrationRow[];
  readonly questions: readonly QuestionColumn[];
  readonly titles: ReadonlyMap<string, Label>;
  /** Every column: the fixed ones, then one per question. */
  readonly columnIds: readonly string[];
  /** Category and status keys present in the rows (the facets list them). */
  readonly present: PresentFacetValues;
}

/**
 * Rows built between two looks at the clock when the model is built in slices: few enough that
 * a slice ends close to its budget (SLICE_BUDGET_MS), where a larger batch would overrun it
 * into a long task on a phone.
 */
const ROWS_PER_SLICE = 100;
/**
 * Up to this many new rows, a model is built at once, in the render (a few milliseconds): a
 * small list, the rows a check for changes usually brings. More (a page, what a load brings
 * between two snapshots, a whole list) is built in slices, the screen showing the rows it had
 * meanwhile: a render cannot be cut in the middle of a component, and a page of 500 rows built
 * in it would be a long task on a phone.
 */
const AT_ONCE_LIMIT = 100;
/** Registrations looked at to tell whether most of a list has rows already. */
const SAMPLE_SIZE = 256;

/** Everything kept for one event: rows are built once per registration and labels. */
class EventModels {
  private readonly discovery = new QuestionDiscovery();
  private readonly builders = new WeakMap<RegistrationLabels, RowBuilder>();
  private readonly models = new WeakMap<
    readonly Registration[],
    WeakMap<RegistrationLabels, RegistrationsModel>
  >();
  /** The last model built in each language: the next snapshot of a load extends it. */
  private readonly latest = new WeakMap<RegistrationLabels, RegistrationsModel>();

  peek(registrations: readonly Registration[], labels: RegistrationLabels): RegistrationsModel | null {
    return this.models.get(registrations)?.get(labels) ?? null;
  }

  /**
   * True when building would take more than a slice: a whole list, a language switch, or a
   * list whose rows are all new objects (a full check, a reload). Estimated from a sample of
   * the registrations: how many of them have no row yet.
   */
  isLarge(registrations: readonly Registration[], labels: RegistrationLabels): boolean {
    if (registrations.length <= AT_ONCE_LIMIT) return false;
    const builder = this.builder(labels);
    const step = Math.max(1, Math.floor(registrations.length / SAMPLE_SIZE));
    let sampled = 0;
    let unbuilt = 0;
    for (let i = registrations.length - 1; i >= 0; i -= step) {
      sampled += 1;
      if (!builder.isBuilt(registrations[i]!)) unbuilt += 1;
    }
    return (unbuilt / sampled) * registrations.length > AT_ONCE_LIMIT;
  }

  build(registrations: readonly Registration[], labels: RegistrationLabels): RegistrationsModel {
    const found = this.peek(registrations, labels);
    if (found) return found;
    const builder = this.builder(labels);
    // A load's next snapshot keeps the rows it had in front and adds pages behind them: only
    // what follows the common front is looked at again (the rest is the same array of rows).
    // A check for changes replaces rows in place and appends new ones: the rows at the same
    // place as before are taken as they were, and only the others are built and scanned.
    const previous = this.latest.get(labels);
    const kept = previous ? sharedFront(previous.registrations, registrations) : 0;
    const inPlace = previous ? replacedInPlace(previous, registrations, kept, builder) : null;
    let rows: RegistrationRow[];
    let added: RegistrationRow[];
    let questions: QuestionColumn[];
    if (inPlace) {
      rows = inPlace.rows;
      added = inPlace.built;
      questions = this.discovery.update(inPlace.registrations);
    } else {
      added = builder.build(kept === 0 ? registrations : registrations.slice(kept));
      rows = kept === 0 ? added : previous!.rows.slice(0, kept).concat(added);
      questions = this.discovery.update(kept === 0 ? registrations : registrations.slice(kept));
    }
    const present = !previous
      ? presentFacetValues(rows)
      : inPlace
        ? presentFacetValues(added, previous.present, inPlace.replaced)
        : kept === previous.registrations.length
          ? presentFacetValues(added, previous.present)
          : presentFacetValues(rows);
    return this.keep(registrations, labels, rows, questions, present);
  }

  /**
   * The same model, its rows and questions prepared a slice at a time with a pause for the
   * browser between slices, so a whole list (100,000 rows: many frames' worth of work) never
   * holds up a keystroke or a frame.
   */
  async buildInSlices(
    registrations: readonly Registration[],
    labels: RegistrationLabels,
    signal: AbortSignal,
  ): Promise<RegistrationsModel> {
    const builder = this.builder(labels);
    // The front that the latest model in these labels already has (a load's earlier snapshot)
    // is not walked again: at 25,000 rows that walk alone would make each snapshot a long task.
    const previous = this.latest.get(labels);
    const from = previous ? sharedFront(previous.registrations, registrations) : 0;
    // Slices start in a task of their own, not in the one that rendered the snapshot.
    await yieldToBrowser();
    signal.throwIfAborted();
    const rows = previous ? previous.rows.slice(0, from) : [];
    let present =
      previous && from === previous.registrations.length ? previous.present : presentFacetValues(rows);
    let questions = this.discovery.found;
    // Rows an earlier run built (finished, or interrupted by a newer snapshot of a load) are
    // found again at the cost of a lookup each: the pause comes by the clock, not per slice,
    // so a load that brings pages faster than a whole list can be built still moves forward.
    let since = performance.now();
    for (let start = from; start < registrations.length; start += ROWS_PER_SLICE) {
      signal.throwIfAborted();
      const slice = registrations.slice(start, start + ROWS_PER_SLICE);
      const built = builder.build(slice);
      for (const row of built) rows.push(row);
      present = presentFacetValues(built, present);
      questions = this.discovery.update(slice);
      if (performance.now() - since >= SLICE_BUDGET_MS) {
        await yieldToBrowser();
        signal.throwIfAborted();
        since = performance.now();
      }
    }
    // The model is put together from what the slices gathered: walking the whole list again
    // here would be the long task the slices were there to avoid.
    return this.peek(registrations, labels) ?? this.keep(registrations, labels, rows, questions, present);
  }

  /** The model of these registrations in these labels, kept as the latest to extend. */
  private keep(
    registrations: readonly Registration[],
    labels: RegistrationLabels,
    rows: readonly RegistrationRow[],
    questions: readonly QuestionColumn[],
    present: PresentFacetValues,
  ): RegistrationsModel {
    const model: RegistrationsModel = {
      registrations,
      labels,
      rows,
      questions,
      titles: titlesFor(questions, labels),
      columnIds: columnIdsFor(questions),
      present,
    };
    this.latest.set(labels, model);
    let byLabels = this.models.get(registrations);
    if (!byLabels) this.models.set(registrations, (byLabels = new WeakMap()));
    byLabels.set(labels, model);
    return model;
  }

  private builder(labels: RegistrationLabels): RowBuilder {
    let builder = this.builders.get(labels);
    if (!builder) this.builders.set(labels, (builder = new RowBuilder(labels)));
    return builder;
  }
}

/** Beyond this share of rows replaced, building the tail as new costs no more. */
const IN_PLACE_MAX_SHARE = 0.1;

/**
 * After a check for changes, the new list is the previous one with some registrations replaced
 * at their place and new ones appended: the rows of the unchanged ones are reused by index (an
 * identity check per row, no map lookup), and only the replaced and new ones are built. Null
 * when the list is not of that shape (a load's pages, a reorder) or too much changed.
 */
function replacedInPlace(
  previous: RegistrationsModel,
  registrations: readonly Registration[],
  kept: number,
  builder: RowBuilder,
): {
  rows: RegistrationRow[];
  built: RegistrationRow[];
  registrations: Registration[];
  /** The rows of the previous list that the built ones replace (not those appended). */
  replaced: RegistrationRow[];
} | null {
  const before = previous.registrations;
  if (registrations.length < before.length) return null;
  const changed: Registration[] = [];
  const at: number[] = [];
  const limit = Math.ceil(registrations.length * IN_PLACE_MAX_SHARE);
  for (let i = kept; i < registrations.length; i++) {
    if (i < before.length && registrations[i] === before[i]) continue;
    if (i < before.length && registrations[i]!.registration_id !== before[i]!.registration_id) return null;
    changed.push(registrations[i]!);
    at.push(i);
    if (changed.length > limit) return null;
  }
  const built = builder.build(changed);
  const rows = previous.rows.slice(0, before.length);
  const replaced: RegistrationRow[] = [];
  for (let k = 0; k < at.length; k++) {
    const index = at[k]!;
    if (index < before.length) replaced.push(rows[index]!);
    rows[index] = built[k]!;
  }
  return { rows, built, registrations: changed, replaced };
}

/** Column titles are part of the model: one object per question list and labels. */
const titleCache = new WeakMap<readonly QuestionColumn[], WeakMap<RegistrationLabels, Map<string, Label>>>();
function titlesFor(questions: readonly QuestionColumn[], labels: RegistrationLabels) {
  let byLabels = titleCache.get(questions);
  if (!byLabels) titleCache.set(questions, (byLabels = new WeakMap()));
  let titles = byLabels.get(labels);
  if (!titles) byLabels.set(labels, (titles = columnTitles(questions, labels)));
  return titles;
}

const columnIdCache = new WeakMap<readonly QuestionColumn[], readonly string[]>();
function columnIdsFor(questions: readonly QuestionColumn[]): readonly string[] {
  let ids = columnIdCache.get(questions);
  if (!ids) columnIdCache.set(questions, (ids = [...FIXED_COLUMN_IDS, ...questions.map((q) => q.id)]));
  return ids;
}

/** One store per query cache, so sign-out's `clear()` (and garbage collection) drops it. */
const stores = new WeakMap<QueryClient, Map<number, EventModels>>();

/** The models of one event, kept as long as the cache keeps its registrations. */
export function eventModels(client: QueryClient, eventId: number): EventModels {
  let store = stores.get(client);
  if (!store) {
    const created = new Map<number, EventModels>();
    onRegistrationsRemoved(client, (id) => created.delete(id));
    stores.set(client, (store = created));
  }
  let models = store.get(eventId);
  if (!models) store.set(eventId, (models = new EventModels()));
  return models;
}

const labelCache = new WeakMap<readonly Category[], Map<Language, RegistrationLabels>>();

/**
 * The labels of one language and one categories list, the same object every time, so the
 * rows built with them are found again by every screen (see registrationLabels).
 */
export function sharedLabels(
  i18n: I18n,
  language: Language,
  categories: readonly Category[],
): RegistrationLabels {
  let byLanguage = labelCache.get(categories);
  if (!byLanguage) labelCache.set(categories, (byLanguage = new Map<Language, RegistrationLabels>()));
  let labels = byLanguage.get(language);
  if (!labels) byLanguage.set(language, (labels = registrationLabels(i18n, language, categories)));
  return labels;
}

export type { EventModels };
