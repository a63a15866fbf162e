/**
 * Sign-in, registration and sign-out as the API and the page forms both perform them: rate limits,
 * the domain call, and the session switch. Handlers in routes/api/auth.ts and routes/pages/auth.tsx
 * only parse input and shape the answer.
 */
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";
import {
  authenticate,
  checkRateLimit,
  hitRateLimit,
  LIMITS,
  registerUser,
  resetRateLimit,
  type SessionUser,
} from "../domains/auth/mod.ts";
import type { authSchemas } from "../domains/auth/mod.ts";
import { UnauthorizedError } from "../lib/errors.ts";
import { clientIp } from "./client_ip.ts";
import { endSession, startUserSession } from "./session.ts";
import { setFlash } from "./flash.ts";
import { invalidateSession } from "../domains/auth/mod.ts";
import { mergeGuestCart } from "../domains/cart/mod.ts";

export async function signIn(c: Context<AppEnv>, input: authSchemas.LoginInput): Promise<SessionUser> {
  const db = c.var.db;
  const accountKey = `login:user:${input.username.trim().toLowerCase()}`;
  await hitRateLimit(db, `login:ip:${clientIp(c)}`, LIMITS.loginPerIp);
  let user: SessionUser;
  try {
    // An account under attack stops accepting attempts, even with the right password.
    await checkRateLimit(db, accountKey, LIMITS.loginPerAccount);
    user = await authenticate(db, input.username, input.password);
  } catch (err) {
    if (err instanceof UnauthorizedError) await hitRateLimit(db, accountKey, LIMITS.loginPerAccount);
    throw err;
  }
  await resetRateLimit(db, accountKey);
  await switchToUser(c, user, input.rememberMe);
  return user;
}

/**
 * Starts the user's new session and brings the guest's cart along. The guest session is then
 * deleted. A failed merge never blocks sign-in: the shopper sees the spec's 'Cart Sync Issue'.
 */
async function switchToUser(c: Context<AppEnv>, user: SessionUser, remember: boolean) {
  const { previousSessionId } = await startUserSession(c, user, remember);
  if (!previousSessionId) return;
  try {
    await mergeGuestCart(c.var.db, previousSessionId, user.id);
    await invalidateSession(c.var.db, previousSessionId);
  } catch (err) {
    console.error(
      JSON.stringify({
        level: "error",
        message: "cart merge failed",
        requestId: c.get("requestId"),
        error: String(err),
      }),
    );
    c.set("cartSyncFailed", true);
    setFlash(c, {
      title: "Cart Sync Issue",
      description: "We had trouble syncing your cart. Please try refreshing the page.",
      variant: "destructive",
    });
  }
}

export async function register(c: Context<AppEnv>, input: authSchemas.RegisterInput): Promise<SessionUser> {
  await hitRateLimit(c.var.db, `register:ip:${clientIp(c)}`, LIMITS.registerPerIp);
  const user = await registerUser(c.var.db, input);
  await switchToUser(c, user, false);
  return user;
}

export async function signOut(c: Context<AppEnv>): Promise<void> {
  await endSession(c);
}

/** How the welcome toast names the user. */
export function displayName(user: SessionUser): string {
  return user.firstName ? `${user.firstName}${user.lastName ? ` ${user.lastName}` : ""}` : user.username;
}
