/**
 * The link a customer pays an order with when they did not place it in the shop's checkout (a
 * WhatsApp cart, an order staff took by phone): no sign-in, so the link itself is the permission.
 * `/pay/<orderId>.<expires>.<signature>`: the signature is an HMAC-SHA256 (the pay-link key) of the
 * order id and the expiry, so a link names one order, cannot be altered to name another, and stops
 * working when the unpaid order is cancelled (its life is the order's wait for payment,
 * PAY_LINK_ORDER_TTL_MS, counted from the order's creation: a line edit keeps the link and its end).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { orders, shopSettings } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";

export const PAY_LINK_EXPIRED = "This payment link has expired. Please contact us or place your order again.";
export const PAY_LINK_INVALID = "This payment link is not valid.";

/**
 * How long an order paid through a link waits for its payment before the sweeper cancels it and its
 * stock goes back: the customer pays from a chat or an e-mail, often hours later. The link ends at
 * the same moment, so it never outlives the stock the order holds.
 */
export const PAY_LINK_ORDER_TTL_MS = 24 * 60 * 60_000;

/** The path of the pay page for a token. */
export const payLinkPath = (token: string) => `/pay/${token}`;

function mac(secret: string, orderId: number, expires: number): Buffer {
  // The label predates staff orders (WhatsApp links came first); kept so links already sent still work.
  return createHmac("sha256", secret).update(`wa-pay:${orderId}:${expires}`).digest();
}

/** The token for an order, valid until `expiresAt`. */
export function payLinkToken(secret: string, orderId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${orderId}.${expires}.${mac(secret, orderId, expires).toString("base64url")}`;
}

export type PayLinkCheck = { ok: true; orderId: number; expiresAt: Date } | { ok: false; reason: string };

/** The order a token names, if its signature holds and it has not expired. */
export function readPayLinkToken(secret: string, token: string, now = new Date()): PayLinkCheck {
  const m = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: PAY_LINK_INVALID };
  const [orderId, expires] = [Number(m[1]), Number(m[2])];
  const given = Buffer.from(m[3], "base64url");
  const expected = mac(secret, orderId, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: PAY_LINK_INVALID };
  }
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: PAY_LINK_EXPIRED };
  return { ok: true, orderId, expiresAt: new Date(expires * 1000) };
}

/** The absolute pay link of an order created at `createdAt`, and when it ends. */
export function payLink(siteUrl: string, secret: string, orderId: number, createdAt: Date) {
  const expiresAt = new Date(createdAt.getTime() + PAY_LINK_ORDER_TTL_MS);
  const token = payLinkToken(secret, orderId, expiresAt);
  return { url: `${siteUrl.replace(/\/+$/, "")}${payLinkPath(token)}`, token, expiresAt };
}

/**
 * The order a token names, with its customer: a NotFoundError for a forged or expired token, and for
 * an order of the shop's checkout (those are paid there, signed in).
 */
export async function payLinkOrder(
  db: Db,
  secret: string,
  token: string,
  now = new Date(),
): Promise<{ orderId: number; userId: number; expiresAt: Date; source: "whatsapp" | "staff" }> {
  const check = readPayLinkToken(secret, token, now);
  if (!check.ok) throw new NotFoundError(check.reason);
  const [order] = await db.select({ id: orders.id, userId: orders.userId, source: orders.source })
    .from(orders).where(eq(orders.id, check.orderId));
  if (!order?.userId || order.source === "web") throw new NotFoundError(PAY_LINK_INVALID);
  return { orderId: order.id, userId: order.userId, expiresAt: check.expiresAt, source: order.source };
}

const KEY_SETTING = "pay_link_key";

/**
 * The key that signs pay links: the configured one (PAY_LINK_SECRET, or the WhatsApp pay-link key),
 * else a random key made once and kept in the database, so every instance signs alike and links
 * survive a restart without any set-up.
 */
export async function payLinkKey(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  const read = async () => {
    const [row] = await db.select({ value: shopSettings.value }).from(shopSettings)
      .where(eq(shopSettings.key, KEY_SETTING));
    return typeof row?.value === "string" ? row.value : null;
  };
  const found = await read();
  if (found) return found;
  // Two instances may race to make it: the first insert wins and both read it back.
  await db.insert(shopSettings).values({ key: KEY_SETTING, value: randomBytes(32).toString("hex") })
    .onConflictDoNothing({ target: shopSettings.key });
  const made = await read();
  if (!made) throw new Error("the pay-link key could not be stored");
  return made;
}
