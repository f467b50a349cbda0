/**
 * The memory of the page and of its Web Workers together, each after a forced GC, through the
 * Chrome DevTools Protocol: `Runtime.getHeapUsage` per target (the JS heap, Blink's own
 * garbage-collected heap for the DOM, and the backing stores of ArrayBuffers and external
 * strings).
 *
 * Workers are targets of their own. The page's CDP session auto-attaches to them; it does so
 * without `flatten`, because Playwright's connection drops messages for child sessions it did
 * not create itself, so commands reach a worker wrapped in `Target.sendMessageToTarget` and
 * its answers come back as `Target.receivedMessageFromTarget` events.
 * `performance.measureUserAgentSpecificMemory()` would need the page to be cross-origin
 * isolated, which the app under `vite preview` is not.
 */
import type { CDPSession, Page } from 'playwright-core';

export interface HeapUsage {
  /** Used JS heap. */
  jsBytes: number;
  /** Used size of Blink's garbage-collected heap (DOM objects and the like). */
  embedderBytes: number;
  /** Backing stores of ArrayBuffers and external strings. */
  backingBytes: number;
}

export interface MemoryFigures {
  page: HeapUsage;
  /** One entry per worker alive at the time. */
  workers: HeapUsage[];
  /** Everything above, summed. */
  totalBytes: number;
}

export interface MemoryProbe {
  /** Forces a GC in the page and in every worker, then reads each one's heap. */
  sample(): Promise<MemoryFigures>;
}

interface RawHeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

const usage = (raw: RawHeapUsage): HeapUsage => ({
  jsBytes: raw.usedSize,
  embedderBytes: raw.embedderHeapUsedSize ?? 0,
  backingBytes: raw.backingStorageSize ?? 0,
});

const sum = (heap: HeapUsage) => heap.jsBytes + heap.embedderBytes + heap.backingBytes;

/** Starts following the page's workers; call before the page starts any. */
export async function watchMemory(page: Page): Promise<MemoryProbe> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers = new Set<string>();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;

  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.add(event.sessionId);
  });
  cdp.on('Target.detachedFromTarget', (event) => {
    if (event.sessionId) workers.delete(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting || message.id === undefined) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });

  const inWorker = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch((error: unknown) => {
          pending.delete(id);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    });

  const workerUsage = async (sessionId: string): Promise<HeapUsage | null> => {
    try {
      await inWorker(sessionId, 'HeapProfiler.collectGarbage');
      return usage((await inWorker(sessionId, 'Runtime.getHeapUsage')) as RawHeapUsage);
    } catch {
      // The worker ended meanwhile (the workbook export's compression workers end with their part).
      return null;
    }
  };

  return {
    async sample() {
      await cdp.send('HeapProfiler.collectGarbage');
      const pageUsage = usage(await cdp.send('Runtime.getHeapUsage'));
      const found = await Promise.all([...workers].map(workerUsage));
      const workerUsages = found.filter((heap): heap is HeapUsage => heap !== null);
      return {
        page: pageUsage,
        workers: workerUsages,
        totalBytes: sum(pageUsage) + workerUsages.reduce((total, heap) => total + sum(heap), 0),
      };
    },
  };
}
