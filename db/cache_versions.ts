/**
 * Cross-instance cache invalidation through the cache_versions table (decision 0037). Each app keeps
 * its own in-memory caches; a write that changes what they hold bumps a named version row, and every
 * instance compares the versions it last saw with the table's, at most once per `checkEveryMs`
 * (one tiny primary-key read), dropping the caches registered under a name whose version moved.
 * The instance that wrote drops its own copies at once, so its next request already sees the change.
 */
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "./client.ts";
import { cacheVersions } from "./schema/mod.ts";

/** What staff change in the admin area and every storefront page shows (catalogue, settings...). */
export const STOREFRONT = "storefront";

/** How often an instance looks for other instances' writes, by default. */
export const CACHE_CHECK_MS = 1000;

export interface CacheVersions {
  /** Calls `drop` whenever the version of `name` moves (a write here or on another instance). */
  onChange(name: string, drop: () => void): void;
  /** Looks at the table when the last look is older than checkEveryMs; never throws. */
  sync(): Promise<void>;
  /** Records a write under `name` (inside `db`, which may be a transaction) and drops local copies. */
  bump(name: string, db?: Db): Promise<void>;
}

export function cacheVersionStore(
  db: Db,
  { checkEveryMs = CACHE_CHECK_MS, now = () => Date.now() }: { checkEveryMs?: number; now?: () => number } = {},
): CacheVersions {
  const listeners = new Map<string, (() => void)[]>();
  const seen = new Map<string, number>();
  let checkedAt = -Infinity;
  let looked = false;
  let pending: Promise<void> | null = null;

  function drop(name: string) {
    for (const f of listeners.get(name) ?? []) f();
  }

  async function check() {
    const rows = await db.select({ name: cacheVersions.name, version: cacheVersions.version }).from(cacheVersions);
    for (const { name, version } of rows) {
      const before = seen.get(name);
      seen.set(name, version);
      // The first look only learns the versions (every request waits for it, so nothing is cached
      // yet); after it, a moved version or a name written for the first time is news.
      if (looked && before !== version) drop(name);
    }
    looked = true;
  }

  return {
    onChange(name, f) {
      listeners.set(name, [...listeners.get(name) ?? [], f]);
    },
    sync() {
      if (pending) return pending;
      if (now() - checkedAt < checkEveryMs) return Promise.resolve();
      checkedAt = now();
      pending = check().catch(() => {
        // The database is away: pages degrade on their own reads; try again on the next request.
        checkedAt = -Infinity;
      }).finally(() => {
        pending = null;
      });
      return pending;
    },
    async bump(name, tx = db) {
      const [row] = rowsOf<{ version: number | string }>(
        await tx.execute(sql`insert into cache_versions (name, version, updated_at) values (${name}, 1, now())
          on conflict (name) do update set version = cache_versions.version + 1, updated_at = now()
          returning version`),
      );
      drop(name);
      // Our own write is not news to us next time we look (the caches are dropped already).
      if (row) seen.set(name, Number(row.version));
    },
  };
}
