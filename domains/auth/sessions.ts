/**
 * Sessions. The browser holds a random token; the database holds its SHA-256 as the session id.
 * A remembered session lasts 30 days and slides (renewed when less than half is left); otherwise it
 * is a browser-session cookie that the server also limits to 24 hours. Guests get sessions too
 * (they own the guest cart).
 */
import { and, eq, lt, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { sessions, users } from "../../db/schema/mod.ts";
import { generateToken, hashToken } from "./tokens.ts";

const DAY_MS = 86_400_000;
export const REMEMBER_MS = 30 * DAY_MS;
export const BROWSER_SESSION_MS = DAY_MS;
/** Guest sessions keep a cart for a month. */
export const GUEST_MS = 30 * DAY_MS;

export type Role = "customer" | "admin" | "super_admin";

/** The signed-in user as every request sees it (no password hash). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  /** The customer's VAT registration number, printed on their tax invoices. */
  vatNumber: string | null;
  role: Role;
  defaultShippingAddressId: number | null;
  defaultBillingAddressId: number | null;
  createdAt: Date;
}

export interface Session {
  id: string;
  userId: number | null;
  expiresAt: Date;
  remember: boolean;
}

export interface SessionWithToken {
  token: string;
  session: Session;
}

function lifetime(userId: number | null, remember: boolean): number {
  if (userId === null) return GUEST_MS;
  return remember ? REMEMBER_MS : BROWSER_SESSION_MS;
}

/** Starts a session (a guest one when userId is null). */
export async function createSession(
  db: Db,
  opts: { userId: number | null; remember?: boolean; now?: Date },
): Promise<SessionWithToken> {
  const token = generateToken();
  const remember = opts.remember ?? false;
  const now = opts.now ?? new Date();
  const session: Session = {
    id: hashToken(token),
    userId: opts.userId,
    remember,
    expiresAt: new Date(now.getTime() + lifetime(opts.userId, remember)),
  };
  await db.insert(sessions).values({
    id: session.id,
    userId: session.userId,
    expiresAt: session.expiresAt,
    data: { remember },
  });
  return { token, session };
}

export interface ValidatedSession {
  session: Session;
  user: SessionUser | null;
  /** True when the expiry moved forward: the cookie must be set again. */
  renewed: boolean;
}

export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  vatNumber: users.vatNumber,
  role: users.role,
  defaultShippingAddressId: users.defaultShippingAddressId,
  defaultBillingAddressId: users.defaultBillingAddressId,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
};

/** Every request with a session cookie reads it: a prepared query. */
const sessionById = preparedQuery((db) =>
  db.select({ session: sessions, user: sessionUserColumns, disabledAt: users.disabledAt })
    .from(sessions)
    .leftJoin(users, eq(sessions.userId, users.id)).where(eq(sessions.id, sql.placeholder("id"))).limit(1)
    .prepare("session_by_id")
);

/** The session and user for a cookie token, or null when unknown or expired (an expired one is deleted). */
export async function validateSessionToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const id = hashToken(token);
  const [row] = await sessionById(db).execute({ id });
  if (!row) return null;
  // A disabled account's sessions are deleted when staff disable it; this is the second lock.
  if (row.session.expiresAt.getTime() <= now.getTime() || row.user?.deletedAt || row.disabledAt) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const remember = row.session.data?.remember === true;
  const session: Session = { id, userId: row.session.userId, remember, expiresAt: row.session.expiresAt };
  let renewed = false;
  const total = lifetime(session.userId, remember);
  // Sliding expiry for remembered and guest sessions; a browser session keeps its 24-hour limit.
  if ((remember || session.userId === null) && session.expiresAt.getTime() - now.getTime() < total / 2) {
    session.expiresAt = new Date(now.getTime() + total);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  let user: SessionUser | null = null;
  if (row.user) {
    const { deletedAt: _deleted, ...rest } = row.user;
    user = rest;
  }
  return { session, user, renewed };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except `keepSessionId` when given (password change keeps this one). */
export async function invalidateUserSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  await db.delete(sessions).where(
    keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
  );
}

/** Deletes expired sessions; returns how many. */
export async function sweepExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  return gone.length;
}
