/**
 * The link a WhatsApp customer pays their order with: no sign-in, so the link itself is the
 * permission. `/pay/wa/<orderId>.<expires>.<signature>`: the signature is an HMAC-SHA256 (the
 * configured pay-link key) of the order id and the expiry, so a link names one order, cannot be
 * altered to name another, and stops working when the order would be cancelled unpaid.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const PAY_LINK_EXPIRED = "This payment link has expired. Please send your order again on WhatsApp.";
export const PAY_LINK_INVALID = "This payment link is not valid.";

function mac(secret: string, orderId: number, expires: number): Buffer {
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
