/** Registration and sign-in. */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/mod.ts";
import { ConflictError, ForbiddenError, pgErrorCode, UnauthorizedError } from "../../lib/errors.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import type { RegisterInput } from "./schemas.ts";
import { accountLoginKey, unknownLoginKey } from "./rate_limit.ts";
import { type SessionUser, sessionUserColumns } from "./sessions.ts";

export const INVALID_LOGIN = "Invalid username or password";
/**
 * What a disabled account reads on signing in: only after the right password, so the message tells
 * nobody else whether the account exists.
 */
export const ACCOUNT_DISABLED =
  "This account has been disabled. Please contact the shop if you think this is a mistake.";

// Verified against when the username is unknown, so both answers take the same time.
let dummyHash: Promise<string> | null = null;

function withoutDeleted<T extends { deletedAt: Date | null }>(row: T): Omit<T, "deletedAt"> {
  const { deletedAt: _deletedAt, ...rest } = row;
  return rest;
}

/** Creates a customer account; 409 when the username or e-mail is taken. */
export async function registerUser(db: Db, input: RegisterInput): Promise<SessionUser> {
  const taken = await db.select({ username: users.username, email: users.email }).from(users).where(
    or(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.email, input.email)),
  );
  if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase())) {
    throw new ConflictError("That username is already taken. Please choose another.");
  }
  if (taken.length) throw new ConflictError("An account with that e-mail address already exists. Try logging in.");
  const hash = await hashPassword(input.password);
  try {
    const [row] = await db.insert(users).values({
      username: input.username,
      email: input.email,
      password: hash,
      firstName: input.firstName,
      lastName: input.lastName,
    }).returning(sessionUserColumns);
    return withoutDeleted(row);
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (pgErrorCode(err) === "23505") throw new ConflictError("That username or e-mail address is already taken.");
    throw err;
  }
}

/** Which user a login name means: an e-mail address when it has an @, else a username (any case). */
function loginMatch(login: string) {
  const key = login.trim().toLowerCase();
  return key.includes("@") ? eq(users.email, key) : sql`lower(${users.username}) = ${key}`;
}

/**
 * The per-account rate-limit key for a login name: the account's own key when the name (username or
 * e-mail, any case) belongs to a live account, so both spellings share one bucket; else a key of the
 * lower-cased name itself.
 */
export async function loginLimitKey(db: Db, login: string): Promise<{ key: string; userId: number | null }> {
  const [row] = await db.select({ id: users.id }).from(users).where(and(loginMatch(login), isNull(users.deletedAt)))
    .limit(1);
  return row ? { key: accountLoginKey(row.id), userId: row.id } : { key: unknownLoginKey(login), userId: null };
}

/** The user for a username (or e-mail) and password; UnauthorizedError otherwise, same message either way. */
export async function authenticate(db: Db, login: string, password: string): Promise<SessionUser> {
  const [row] = await db.select({ ...sessionUserColumns, password: users.password, disabledAt: users.disabledAt })
    .from(users).where(
      loginMatch(login),
    ).limit(1);
  if (!row || row.deletedAt) {
    dummyHash ??= hashPassword("not-a-real-password-Aa1!");
    await verifyPassword(await dummyHash, password);
    throw new UnauthorizedError(INVALID_LOGIN);
  }
  if (!(await verifyPassword(row.password, password))) throw new UnauthorizedError(INVALID_LOGIN);
  if (row.disabledAt) throw new ForbiddenError(ACCOUNT_DISABLED);
  const { password: _password, disabledAt: _disabled, ...user } = row;
  return withoutDeleted(user);
}

/** A user by id (null when missing or erased). */
export async function findUser(db: Db, id: number): Promise<SessionUser | null> {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, id)).limit(1);
  return row && !row.deletedAt ? withoutDeleted(row) : null;
}
