import { z } from '@/lib/zod';
import { schemaOnFirstUse } from '@/lib/schema-on-first-use';
import { registrationSchema } from '../api/registration-schemas';
import type { RegistrationHistory } from './registration-history';

/**
 * The history as kept with the event's copy on the device (encrypted there like the rows), and
 * back. Compact: the ids first seen by one sync share its time. Reading never throws: what does
 * not parse (a copy written by another version, damaged data) is no history, and the next
 * complete list starts a new one.
 */

const storedHistorySchema = schemaOnFirstUse(() => {
  // zod's numbers are finite: Infinity and NaN do not parse.
  const time = z.number();
  const id = z.int();
  const answer = z.tuple([id, z.nullable(z.string())]);

  return z.object({
    version: z.literal(1),
    startedAt: time,
    fullCheckAt: time,
    /** [time, ids first seen then]. */
    firstSeen: z.array(z.tuple([time, z.array(id)])),
    /** [id, time, before]. */
    changes: z.array(
      z.tuple([
        id,
        time,
        z.object({
          status: z.optional(z.nullable(z.string())),
          category: z.optional(z.nullable(z.int())),
          answers: z.optional(z.array(answer)),
        }),
      ]),
    ),
    removed: z.array(z.tuple([time, registrationSchema])),
    lastVisit: z.nullable(time),
  });
});

type StoredHistory = z.input<ReturnType<typeof storedHistorySchema>>;

export function storeHistory(history: RegistrationHistory): StoredHistory {
  const byTime = new Map<number, number[]>();
  for (const [registrationId, at] of history.firstSeen) {
    const ids = byTime.get(at);
    if (ids) ids.push(registrationId);
    else byTime.set(at, [registrationId]);
  }
  return {
    version: 1,
    startedAt: history.startedAt,
    fullCheckAt: history.fullCheckAt,
    firstSeen: [...byTime],
    changes: history.changes.map((change) => [
      change.id,
      change.at,
      {
        ...(change.before.status !== undefined && { status: change.before.status }),
        ...(change.before.category !== undefined && { category: change.before.category }),
        ...(change.before.answers !== undefined && {
          answers: change.before.answers.map(([queId, value]) => [queId, value] as [number, string | null]),
        }),
      },
    ]),
    removed: history.removed.map((entry) => [entry.at, entry.row]),
    lastVisit: history.lastVisit,
  };
}

/** The history kept on the device, or null when there is none or it does not parse. */
export function readStoredHistory(value: unknown): RegistrationHistory | null {
  const parsed = storedHistorySchema().safeParse(value);
  if (!parsed.success) return null;
  const stored = parsed.data;
  const firstSeen = new Map<number, number>();
  for (const [at, ids] of stored.firstSeen)
    for (const registrationId of ids) firstSeen.set(registrationId, at);
  return {
    startedAt: stored.startedAt,
    fullCheckAt: stored.fullCheckAt,
    firstSeen,
    changes: stored.changes.map(([registrationId, at, before]) => ({
      id: registrationId,
      at,
      before: {
        ...(before.status !== undefined && { status: before.status }),
        ...(before.category !== undefined && { category: before.category }),
        ...(before.answers !== undefined && { answers: before.answers }),
      },
    })),
    removed: stored.removed.map(([at, row]) => ({ at, row })),
    lastVisit: stored.lastVisit,
  };
}
