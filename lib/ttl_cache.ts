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
