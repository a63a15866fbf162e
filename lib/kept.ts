/**
 * A value made once per owner object and key, and kept as long as the owner lives (a WeakMap holds
 * the owner): markup or derived objects drawn from cached data die with that data (decision 0049).
 */
export function keptBeside<O extends object, K, T>(): (owner: O, key: K, make: () => T) => T {
  const byOwner = new WeakMap<O, Map<K, T>>();
  return (owner, key, make) => {
    let byKey = byOwner.get(owner);
    if (!byKey) byOwner.set(owner, byKey = new Map());
    if (byKey.has(key)) return byKey.get(key)!;
    const value = make();
    byKey.set(key, value);
    return value;
  };
}
