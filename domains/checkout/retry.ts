/**
 * Retrying a transaction PostgreSQL aborted to resolve a conflict with another one: a deadlock
 * (40P01) or a serialization failure (40001). Both mean "nothing was written, try again"; the lock
 * order in stock.ts makes deadlocks unlikely, and this keeps the rare one from reaching the
 * customer as a server error.
 */
import { pgErrorCode } from "../../lib/errors.ts";

const RETRYABLE = new Set(["40P01", "40001"]);

export function isRetryableConflict(err: unknown): boolean {
  return RETRYABLE.has(pgErrorCode(err) ?? "");
}

/**
 * True for a unique violation (23505) of the constraint named `constraint`: the driver's error
 * (found through `cause`) names it in its message (and in `constraint`/`constraint_name`).
 */
export function isUniqueViolationOf(err: unknown, constraint: string): boolean {
  if (pgErrorCode(err) !== "23505") return false;
  for (let e = err as Record<string, unknown> | undefined, depth = 0; e && depth < 4; depth++) {
    const named = [e.constraint, e.constraint_name, e.message].some((v) =>
      typeof v === "string" && v.includes(constraint)
    );
    if (named) return true;
    e = e.cause as Record<string, unknown> | undefined;
  }
  return false;
}

/**
 * Runs `fn` (one whole transaction) again, up to `attempts` times in all, while it fails retryably
 * (`retryIf`, by default a deadlock or serialization failure).
 */
export async function retryOnConflict<T>(
  fn: () => Promise<T>,
  attempts = 3,
  retryIf: (err: unknown) => boolean = isRetryableConflict,
): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !retryIf(err)) throw err;
      // A short random pause so the two transactions do not meet again at the same moment.
      await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
    }
  }
}
