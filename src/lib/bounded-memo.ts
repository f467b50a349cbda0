/**
 * `compute`, remembered by its argument for up to `limit` arguments: past that, everything is
 * forgotten and remembered anew. For values that come back on most rows (a status, an answer,
 * a column) from inputs that may also be free text, where an unbounded map would grow with it.
 */
export function boundedMemo<K, V>(limit: number, compute: (key: K) => V): (key: K) => V {
  const remembered = new Map<K, V>();
  return (key) => {
    let value = remembered.get(key);
    if (value === undefined && !remembered.has(key)) {
      value = compute(key);
      if (remembered.size >= limit) remembered.clear();
      remembered.set(key, value);
    }
    return value as V;
  };
}
