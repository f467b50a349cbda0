/**
 * What the browser says about the origin's storage (the StorageManager): how much the app
 * uses of how much it may, whether its data is persistent (not cleared under storage
 * pressure), and asking for that. Everything is optional: Safari in private mode, older
 * browsers and jsdom lack parts of it, and a call may throw where it is blocked.
 */
export interface StorageState {
  /** Bytes used and allowed, or null when the browser does not say. */
  readonly estimate: { readonly usage: number; readonly quota: number } | null;
  /** Null when the browser cannot tell (or cannot be asked: see canPersist). */
  readonly persisted: boolean | null;
  /** Whether `navigator.storage.persist()` exists here. */
  readonly canPersist: boolean;
}

/** 'unsupported': no persist() here, or it failed. */
export type PersistOutcome = 'granted' | 'declined' | 'unsupported';

function storageManager(): Partial<StorageManager> | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.storage;
}

export async function readStorageState(): Promise<StorageState> {
  const storage = storageManager();
  const [estimate, persisted] = await Promise.all([
    storage?.estimate?.().then(
      (found) =>
        typeof found.usage === 'number' && typeof found.quota === 'number' && found.quota > 0
          ? { usage: found.usage, quota: found.quota }
          : null,
      () => null,
    ) ?? null,
    storage?.persisted?.().then(
      (answer) => answer,
      () => null,
    ) ?? null,
  ]);
  return { estimate, persisted, canPersist: typeof storage?.persist === 'function' };
}

/** Asks the browser to keep the app's data under storage pressure ("Keep for race day"). */
export async function requestPersistence(): Promise<PersistOutcome> {
  const storage = storageManager();
  if (typeof storage?.persist !== 'function') return 'unsupported';
  try {
    return (await storage.persist()) ? 'granted' : 'declined';
  } catch {
    return 'unsupported';
  }
}
