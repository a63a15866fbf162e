/**
 * Sign-in, registration and sign-out as the API and the page forms both perform them: rate limits,
 * the domain call, and the session switch. Handlers in routes/api/auth.ts and routes/pages/auth.tsx
 * only parse input and shape the answer. An unexpected failure (a database outage, say) is logged
 * without secrets and becomes a ServiceError carrying the spec's fallback message.
 */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import {
  authenticate,
  beforeLogin,
  hitRateLimit,
  invalidateSession,
  keyPart,
  LIMITS,
  loginAbandoned,
  loginFailed,
  loginLimitKey,
  loginSucceeded,
  registerUser,
  type SessionUser,
} from "../domains/auth/mod.ts";
import type { authSchemas } from "../domains/auth/mod.ts";
import { mergeGuestCart } from "../domains/cart/mod.ts";
import { addToWishlist } from "../domains/wishlist/mod.ts";
import { checkReferralCode, redeemReferral } from "../domains/referrals/mod.ts";
import { currentReferralPercent } from "./api/referrals.ts";
import { AppError, UnauthorizedError } from "../lib/errors.ts";
import { idOrNull } from "../lib/ids.ts";
import { logError, withFallback } from "../lib/error_log.ts";
import { clientIp } from "./client_ip.ts";
import { endSession, startUserSession } from "./session.ts";
import { setFlash } from "./flash.ts";

/** Document 2 section 8: what a visitor reads when sign-in or registration fails on our side. */
export const LOGIN_FAILED = "Login failed. Please try again.";
export const REGISTRATION_FAILED = "Registration failed. Please try again.";

/**
 * Checks the password within the login throttle (domains/auth/login_throttle.ts: wrong passwords
 * only, per address across accounts and per account and address, slowed for new addresses under a
 * spread attack, never a lock for the owner's usual address). The account's bucket is the account itself (its username and e-mail count
 * as one), so switching spellings buys no tries.
 */
export function signIn(c: Context<AppEnv>, input: authSchemas.LoginInput): Promise<SessionUser> {
  return withFallback(LOGIN_FAILED, logged(c, "sign-in failed"), async () => {
    const db = c.var.db;
    const { key: accountKey, userId } = await loginLimitKey(db, input.username);
    const attempt = { accountKey, userId, ip: clientIp(c) };
    await beforeLogin(db, attempt);
    let user: SessionUser;
    try {
      user = await authenticate(db, input.username, input.password);
    } catch (err) {
      // Only a wrong password keeps its places in the counts (domains/auth/login_throttle.ts).
      await (err instanceof UnauthorizedError ? loginFailed(db, attempt) : loginAbandoned(db, attempt));
      throw err;
    }
    await loginSucceeded(db, { ...attempt, userId: user.id });
    await switchToUser(c, user, input.rememberMe);
    return user;
  });
}

function logged(c: Context<AppEnv>, message: string) {
  return { message, fields: { requestId: c.get("requestId") } };
}

/** Names listed in the 'Cart Updated' toast before "and N more" (the toast holds 300 characters). */
const CAPPED_NAMES_SHOWN = 3;

/** The toast telling the shopper which merged lines were cut to what is in stock. */
export function cartCappedToast(names: string[]) {
  const unique = [...new Set(names)];
  const shown = unique.slice(0, CAPPED_NAMES_SHOWN).join(", ");
  const more = unique.length - CAPPED_NAMES_SHOWN;
  return {
    title: "Cart Updated",
    description: `Some quantities were reduced to what is in stock: ${shown}${more > 0 ? ` and ${more} more` : ""}.`,
  };
}

/**
 * Starts the user's new session and brings the guest's cart along. The guest session is then
 * deleted. A failed merge never blocks sign-in: the shopper sees the spec's 'Cart Sync Issue'. Lines
 * the merge capped at stock are named in a 'Cart Updated' toast, queued with the sign-in's own, so a
 * smaller quantity in the cart is never a silent surprise.
 */
async function switchToUser(c: Context<AppEnv>, user: SessionUser, remember: boolean) {
  const { previousSessionId } = await startUserSession(c, user, remember);
  if (!previousSessionId) return;
  try {
    const capped = await mergeGuestCart(c.var.db, previousSessionId, user.id);
    await invalidateSession(c.var.db, previousSessionId);
    if (capped.length) setFlash(c, cartCappedToast(capped));
  } catch (err) {
    logError("cart merge failed", err, { requestId: c.get("requestId") });
    c.set("cartSyncFailed", true);
    setFlash(c, {
      title: "Cart Sync Issue",
      description: "We had trouble syncing your cart. Please try refreshing the page.",
      variant: "destructive",
    });
  }
}

/** Creates the account within the per-IP and per-address limits, and signs it in. */
export function register(c: Context<AppEnv>, input: authSchemas.RegisterInput): Promise<SessionUser> {
  return withFallback(REGISTRATION_FAILED, logged(c, "registration failed"), async () => {
    await hitRateLimit(c.var.db, `register:ip:${clientIp(c)}`, LIMITS.registerPerIp);
    // Repeated sign-ups for one address (probing which addresses have accounts) stop here too.
    await hitRateLimit(c.var.db, `register:email:${keyPart(input.email)}`, LIMITS.registerPerEmail);
    // A referral link's code is checked first, so a bad link is refused before the account exists.
    const code = input.referralCode || null;
    if (code) await checkReferralCode(c.var.db, code);
    const user = await registerUser(c.var.db, input);
    if (code) await redeemAtRegistration(c, user.id, code);
    await switchToUser(c, user, false);
    return user;
  });
}

/**
 * Redeems the referral code the new account signed up with. The account exists by now: should the
 * code stop applying in between (its owner deleted their account), the customer is told and keeps
 * the account rather than seeing the sign-up fail.
 */
async function redeemAtRegistration(c: Context<AppEnv>, userId: number, code: string): Promise<void> {
  try {
    await redeemReferral(c.var.db, userId, code, await currentReferralPercent(c));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    setFlash(c, { title: "Referral code not applied", description: err.message, variant: "destructive" });
  }
}

/**
 * A visitor who tried to save a product was sent to sign in (or register) with ?addToWishlist={id}:
 * saves it now, with its own toast queued after any other (a 'Cart Sync Issue' stays visible).
 */
export async function savePendingWishlistItem(c: Context<AppEnv>, userId: number, raw: string | undefined) {
  const productId = idOrNull(raw);
  if (productId === null) return;
  try {
    await addToWishlist(c.var.db, userId, productId);
    setFlash(c, { title: "Added to Wishlist", variant: "success" });
  } catch (err) {
    // The product is gone: nothing to save. Any failure leaves the sign-in itself standing.
    if (!(err instanceof AppError)) {
      logError("saving the pending wishlist item failed", err, { requestId: c.get("requestId") });
    }
  }
}

export async function signOut(c: Context<AppEnv>): Promise<void> {
  await endSession(c);
}

/** How the welcome toast names the user. */
export function displayName(user: Pick<SessionUser, "firstName" | "lastName" | "username">): string {
  return user.firstName ? `${user.firstName}${user.lastName ? ` ${user.lastName}` : ""}` : user.username;
}
