/**
 * A value computed on demand and kept for a short time: for data read on every page that changes
 * rarely (the category navigation). Concurrent callers share one load; `clear()` drops the value
 * at once (call it after an admin edit).
 */
export interface TtlCache<T> {
  get(): Promise<T>;
  clear(): void;
}

export function ttlCache<T>(ttlMs: number, load: () => Promise<T>, now = () => Date.now()): TtlCache<T> {
  let value: Promise<T> | null = null;
  let loadedAt = 0;
  return {
    get() {
      if (!value || now() - loadedAt > ttlMs) {
        loadedAt = now();
        const pending = load();
        value = pending;
        // A failed load is not kept: the next caller tries again.
        pending.catch(() => {
          if (value === pending) value = null;
        });
      }
      return value;
    },
    clear() {
      value = null;
    },
  };
}

/**
 * Like ttlCache, one value per key (at most `maxEntries`, oldest first out); `clear()` drops them
 * all. A ttlMs of 0 keeps nothing (every get loads).
 */
export interface KeyedTtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function keyedTtlCache<T>(ttlMs: number, maxEntries: number, now = () => Date.now()): KeyedTtlCache<T> {
  const entries = new Map<string, { value: Promise<T>; at: number }>();
  return {
    get(key, load) {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && now() - hit.at <= ttlMs) return hit.value;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = load();
      const entry = { value, at: now() };
      entries.set(key, entry);
      // A failed load is not kept: the next caller tries again.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
