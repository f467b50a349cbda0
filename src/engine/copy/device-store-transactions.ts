/**
 * How the device copy runs its IndexedDB transactions: every transaction's outcome is observed
 * from its creation, so none is left rejected unhandled, and a write's requests are issued
 * together and kept all or nothing.
 */
import { unwrap, wrap, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * idb gives every transaction a `done` promise, which rejects when the transaction aborts. A
 * read does not wait for it, so a read aborted after its caller moved on (the copy closed or
 * wiped, the session changed) left a rejection nobody handled. Every transaction's `done` is
 * observed here, at its creation: callers that need the outcome still await it, and a failed
 * request still fails.
 */
export function observeEveryTransaction<Schema extends DBSchema>(
  db: IDBPDatabase<Schema>,
): IDBPDatabase<Schema> {
  const raw = unwrap(db);
  const transaction = raw.transaction.bind(raw);
  raw.transaction = ((...args: Parameters<IDBDatabase['transaction']>) => {
    const tx = transaction(...args);
    wrap(tx).done.catch(() => undefined);
    return tx;
  }) as IDBDatabase['transaction'];
  return db;
}

/**
 * Issues a transaction's requests and waits for it to commit. A request that throws at once
 * (a quota error can) aborts the transaction: nothing of the write is kept, and the requests
 * already issued fail quietly with it.
 */
export async function settle(
  tx: { abort(): void; done: Promise<void> },
  requests: (() => Promise<unknown>)[],
) {
  const issued: Promise<unknown>[] = [];
  try {
    for (const request of requests) issued.push(request());
  } catch (error) {
    for (const promise of issued) promise.catch(() => undefined);
    abortQuietly(tx);
    throw error;
  }
  await Promise.all([...issued, tx.done]);
}

/** Aborts a transaction that may already have finished, leaving no rejection unhandled. */
export function abortQuietly(tx: { abort(): void; done: Promise<void> }): void {
  tx.done.catch(() => undefined);
  try {
    tx.abort();
  } catch {
    // Already finished or aborted.
  }
}
