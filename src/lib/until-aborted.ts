/**
 * `answer`, or the reason of `signal` as soon as it fires, for an answer that does not watch
 * the signal itself (the demo's handlers, a request the page's entry sent).
 */
export async function untilAborted<T>(answer: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  let stopWaiting = () => {};
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    stopWaiting = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([answer, aborted]);
  } finally {
    stopWaiting();
  }
}
