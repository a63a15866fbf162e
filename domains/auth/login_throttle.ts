/**
 * Sign-in throttling that stops password guessing without handing an attacker a lock on someone
 * else's account, and that counts wrong passwords only, never right ones (an office, a school or a
 * carrier NAT signs many customers in from one address):
 * - wrong passwords are counted per account AND client address: five from one address hold up that
 *   address only (for 15 minutes), never the owner signing in from elsewhere;
 * - wrong passwords from one address across all accounts (password spraying): twenty in 15 minutes
 *   hold up that address;
 * - both counts take a place BEFORE the password is checked (one atomic increment each), so
 *   concurrent guesses each count and a burst cannot all slip past a check made before any of them
 *   was counted; a right password, or an attempt that ends without a verdict, hands its places back;
 * - wrong passwords for an account from all addresses together slow it down for addresses it has
 *   never signed in from: after 10 in 15 minutes, each further failure makes the next attempt from a
 *   new address wait 2 s, 4 s, 8 s ... up to a minute (a 429 with Retry-After, never a lock);
 * - an address the account signed in from before (a "known address", remembered 90 days) is never
 *   slowed, so staff and customers at their usual address always get in with the right password.
 * Every counter lives in rate_limits, shared by all instances. Per-account keys hold hashes, never
 * names or IPs; the per-address key names the address, as the shop's other per-IP limits do.
 */
import type { Db } from "../../db/client.ts";
import {
  count,
  hit as hitLimit,
  keyPart,
  LIMITS,
  mark,
  openUntil,
  RateLimitedError,
  release,
  reset,
} from "./rate_limit.ts";

export const SLOWDOWN = {
  /** Failures across all addresses in the window before new addresses are slowed. */
  after: 10,
  windowMs: 15 * 60_000,
  firstWaitMs: 2_000,
  maxWaitMs: 60_000,
  knownAddressMs: 90 * 24 * 60 * 60_000,
};

/** How long a new address waits after the account's `failures`-th failure in the window. */
export function slowdownMs(failures: number): number {
  if (failures < SLOWDOWN.after) return 0;
  return Math.min(SLOWDOWN.maxWaitMs, SLOWDOWN.firstWaitMs * 2 ** (failures - SLOWDOWN.after));
}

export interface LoginAttempt {
  /** The account's (or an unknown name's) bucket, from loginLimitKey. */
  accountKey: string;
  userId: number | null;
  ip: string;
}

const addressKey = (a: LoginAttempt) => `${a.accountKey}:from:${keyPart(a.ip)}`;
const knownKey = (userId: number, ip: string) => `login:known:${userId}:${keyPart(ip)}`;
const waitKey = (a: LoginAttempt) => `${a.accountKey}:wait`;

/** The per-address bucket across accounts (LIMITS.loginPerIp). */
export function loginIpKey(ip: string): string {
  return `login:ip:${ip}`;
}

async function isKnownAddress(db: Db, a: LoginAttempt, now: Date): Promise<boolean> {
  return a.userId !== null && (await openUntil(db, knownKey(a.userId, a.ip), now)) !== null;
}

/**
 * Takes this attempt's places in the per-address and per-account-and-address counts, or throws
 * RateLimitedError when this address must wait before trying (this account) again. Follow it with
 * exactly one of loginFailed, loginSucceeded or loginAbandoned.
 */
export async function beforeLogin(db: Db, a: LoginAttempt, now = new Date()): Promise<void> {
  // Twenty misses from this address across accounts: it waits out the window (a refused attempt
  // keeps its place; the window is fixed, so that never lengthens the wait).
  await hitLimit(db, loginIpKey(a.ip), LIMITS.loginPerIp, now);
  try {
    // Five misses from this address: this address waits out the window, even with the right password.
    await hitLimit(db, addressKey(a), LIMITS.loginPerAccountAddress, now);
  } catch (err) {
    await release(db, loginIpKey(a.ip), now);
    throw err;
  }
  if (await isKnownAddress(db, a, now)) return;
  const waitUntil = await openUntil(db, waitKey(a), now);
  if (waitUntil) {
    await loginAbandoned(db, a, now);
    throw new RateLimitedError(secondsUntil(waitUntil, now));
  }
}

/**
 * Records a wrong password: its places in both counts stay taken, the account's count across
 * addresses goes up and, past the threshold, new addresses wait.
 */
export async function loginFailed(db: Db, a: LoginAttempt, now = new Date()): Promise<void> {
  const failures = await count(db, `${a.accountKey}:failures`, SLOWDOWN.windowMs, now);
  const wait = slowdownMs(failures.count);
  if (wait > 0) await mark(db, waitKey(a), new Date(now.getTime() + wait));
}

/**
 * A right password: its place in the per-address count is handed back, this address's misses on the
 * account are forgiven, and the address becomes one of the account's known addresses.
 */
export async function loginSucceeded(db: Db, a: LoginAttempt & { userId: number }, now = new Date()): Promise<void> {
  await release(db, loginIpKey(a.ip), now);
  await reset(db, addressKey(a));
  await mark(db, knownKey(a.userId, a.ip), new Date(now.getTime() + SLOWDOWN.knownAddressMs));
}

/**
 * An attempt that ended without a wrong password (a disabled account's right password, a database
 * error, a wait): both places are handed back, as nothing was guessed.
 */
export async function loginAbandoned(db: Db, a: LoginAttempt, now = new Date()): Promise<void> {
  await release(db, loginIpKey(a.ip), now);
  await release(db, addressKey(a), now);
}

function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/**
 * After a password reset by e-mail: the account's spread-attack slowdown is lifted, so whoever
 * caused it no longer keeps the owner waiting on a new address.
 */
export async function forgiveAccount(db: Db, accountKey: string): Promise<void> {
  await reset(db, `${accountKey}:failures`);
  await reset(db, `${accountKey}:wait`);
}
