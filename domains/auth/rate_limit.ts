/**
 * Fixed-window rate limits kept in the database, so every instance of the shop shares them and a
 * race cannot slip extra attempts through (one atomic upsert per hit).
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/mod.ts";
import { TooManyRequestsError } from "../../lib/errors.ts";
import { hashToken } from "./tokens.ts";

export interface Limit {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

/** The limits the shop applies. */
export const LIMITS = {
  /** Wrong passwords from one address across all accounts (password spraying); right ones never count. */
  loginPerIp: { max: 20, windowMs: 15 * 60_000 },
  /** Wrong passwords for one account from one address (other addresses, the owner's included, are not held up). */
  loginPerAccountAddress: { max: 5, windowMs: 15 * 60_000 },
  /** Wrong passwords typed to confirm a change (e-mail, password, deletion) by a signed-in user. */
  passwordConfirmPerAccount: { max: 5, windowMs: 15 * 60_000 },
  registerPerIp: { max: 5, windowMs: 60 * 60_000 },
  registerPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerIp: { max: 5, windowMs: 15 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
  newsletterPerIp: { max: 10, windowMs: 60 * 60_000 },
  /** Confirmation e-mails to one address a day (see newsletter's subscribe: over it, none is sent). */
  newsletterPerEmail: { max: 3, windowMs: 24 * 60 * 60_000 },
  /** Refused coupon codes per IP: enough for a shopper's typos, too few to guess codes. */
  couponPerIp: { max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

/**
 * The part of a key that names something a visitor typed (a login name, an e-mail address): the
 * SHA-256 of its trimmed, lower-cased text, so any spelling of it shares one bucket, keys stay within
 * the column's 200 characters and the table holds no addresses.
 */
export function keyPart(text: string): string {
  return hashToken(text.trim().toLowerCase());
}

/** The per-account login bucket of a known account (its username and e-mail both lead here). */
export function accountLoginKey(userId: number): string {
  return `login:account:${userId}`;
}

/** The login bucket of a name that matches no account. */
export function unknownLoginKey(login: string): string {
  return `login:name:${keyPart(login)}`;
}

export class RateLimitedError extends TooManyRequestsError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, retryAfterSeconds);
  }
}

/** Counts one attempt against `key`; throws RateLimitedError once the window's allowance is used. */
export async function hit(db: Db, key: string, limit: Limit, now = new Date()): Promise<void> {
  const row = await count(db, key, limit.windowMs, now);
  if (row.count > limit.max) {
    throw new RateLimitedError(Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
  }
}

/** Counts one event against `key` in a fixed window; returns the count so far and when the window ends. */
export async function count(
  db: Db,
  key: string,
  windowMs: number,
  now = new Date(),
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db.insert(rateLimits).values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count:
          sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt:
          sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return row;
}

/**
 * Gives back one attempt counted by `hit` or `count` in the window still open: an attempt reserved
 * before its outcome was known and that turned out not to be one the limit is about (a right
 * password). Never below zero; a window that has ended meanwhile is left alone.
 */
export async function release(db: Db, key: string, now = new Date()): Promise<void> {
  await db.update(rateLimits).set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, now)));
}

/** Sets `key` to expire at `until` (a marker: a known address, a wait); count 1. */
export async function mark(db: Db, key: string, until: Date): Promise<void> {
  await db.insert(rateLimits).values({ key, count: 1, resetAt: until })
    .onConflictDoUpdate({ target: rateLimits.key, set: { resetAt: until } });
}

/** When `key`'s window ends, if it is still open. */
export async function openUntil(db: Db, key: string, now = new Date()): Promise<Date | null> {
  const [row] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, key));
  return row && row.resetAt > now ? row.resetAt : null;
}

/** Throws if `key` is already over its allowance, without counting an attempt. */
export async function check(db: Db, key: string, limit: Limit, now = new Date()): Promise<void> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (row && row.resetAt > now && row.count >= limit.max) {
    throw new RateLimitedError(Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
  }
}

/** Forgets a key (a successful login clears the account's failures). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

export async function sweepRateLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
}
