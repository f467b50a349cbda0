/**
 * The values a chunk of the device copy's registrations (registrations-codec.ts) repeats, each
 * written once: per question (by its position in the table's order) the distinct responses, and
 * the distinct payment statuses. The rows hold indexes into them, so a reader makes each answer
 * and each status once per chunk (equal ones shared, as rows read from the API share theirs:
 * shared-values.ts) without looking a response up per row.
 */
export class ChunkDictionary {
  readonly responses: unknown[][] = [];
  readonly statuses: unknown[] = [];
  private readonly responseIndexes: Map<unknown, number>[] = [];
  private readonly statusIndexes = new Map<unknown, number>();

  response(position: number, value: unknown): number {
    return indexIn((this.responses[position] ??= []), (this.responseIndexes[position] ??= new Map()), value);
  }

  status(value: unknown): number {
    return indexIn(this.statuses, this.statusIndexes, value);
  }
}

function indexIn(values: unknown[], indexes: Map<unknown, number>, value: unknown): number {
  let index = indexes.get(value);
  if (index === undefined) {
    index = values.push(value) - 1;
    indexes.set(value, index);
  }
  return index;
}

/** The entry of a chunk's dictionary a row points at. Throws on an index that is not one. */
export function entryAt<T>(entries: readonly T[], index: unknown): T {
  const entry = Number.isInteger(index) ? entries[index as number] : undefined;
  if (entry === undefined) throw new Error('Not a registrations chunk');
  return entry;
}
