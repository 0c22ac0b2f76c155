/**
 * `make(key)` computed once per key and kept, for up to `limit` keys (then the kept values start
 * afresh, so keys that come from input cannot grow it without end). For Intl formatters: building
 * one costs a fraction of a millisecond, and a screen of products or a receipt formats hundreds.
 */
export function keptByKey<V>(limit: number, make: (key: string) => V): (key: string) => V {
  const kept = new Map<string, V>();
  return (key) => {
    const found = kept.get(key);
    if (found !== undefined) return found;
    if (kept.size >= limit) kept.clear();
    const value = make(key);
    kept.set(key, value);
    return value;
  };
}
