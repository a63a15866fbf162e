/**
 * Retrying a transaction PostgreSQL aborted to resolve a conflict with another one: a deadlock
 * (40P01) or a serialization failure (40001). Both mean "nothing was written, try again"; the lock
 * order in stock.ts makes deadlocks unlikely, and this keeps the rare one from reaching the
 * customer as a server error.
 */

const RETRYABLE = new Set(["40P01", "40001"]);

/** The SQLSTATE of a database error (drizzle wraps the driver's error in `cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export function isRetryableConflict(err: unknown): boolean {
  return RETRYABLE.has(sqlState(err) ?? "");
}

/** Runs `fn` (one whole transaction) again, up to `attempts` times in all, while it fails retryably. */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
      // A short random pause so the two transactions do not meet again at the same moment.
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
