/**
 * Meta signs every webhook with the app secret: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the
 * raw body>`. The check runs on the exact bytes received, before anything is parsed, and compares
 * in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The header's value for `rawBody` (what Meta sends; tests and the fake sign with it). */
export function webhookSignature(rawBody: string | Uint8Array, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(rawBody).digest("hex")}`;
}

/** True only for a well-formed `sha256=<64 hex>` header equal to the body's HMAC. */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  appSecret: string,
): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1].toLowerCase(), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
