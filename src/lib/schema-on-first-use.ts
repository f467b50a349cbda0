/**
 * A schema built the first time it is asked for, not when its module loads. Zod builds a
 * schema eagerly, every field and check, and a screen's code that builds its schemas on load
 * makes that load a longer task (for saved views and print choices, say, that a first visit
 * may never read).
 */
export function schemaOnFirstUse<T>(build: () => T): () => T {
  let schema: T | undefined;
  return () => (schema ??= build());
}
