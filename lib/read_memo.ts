/**
 * Reads kept until the database's next write, on PGlite only (decision 0051). One process holds a
 * PGlite database and every write passes through its client, which counts them (Database.writes):
 * a kept answer is served only while that count stands, so it is exactly what the database would
 * answer. PGlite runs one statement at a time in WebAssembly, where a signed-in page's two small
 * reads (the session, the shopper's own rows) cost more than rendering it. On PostgreSQL (other
 * instances write too, and reads are cheap) every call reads.
 */
import { keyedTtlCache } from "./ttl_cache.ts";

export interface ReadMemo {
  /** `load()`'s answer, kept under `key` until the next write (or `ttlMs`, whichever comes first). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

/** A memo over `writes` (undefined: none, every call loads). */
export function readMemo(
  writes: (() => number) | undefined,
  { ttlMs = 5000, maxEntries = 5000, now = () => Date.now() }: {
    ttlMs?: number;
    maxEntries?: number;
    now?: () => number;
  } = {},
): ReadMemo {
  if (!writes) return { get: (_key, load) => load() };
  // The write count is part of the key, taken before the load starts: after a write (even one that
  // overlapped the load) no request asks for the older entries again, and they age out.
  const kept = keyedTtlCache<unknown>(ttlMs, maxEntries, now);
  return { get: <T>(key: string, load: () => Promise<T>) => kept.get(`${writes()}:${key}`, load) as Promise<T> };
}
