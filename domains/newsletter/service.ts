/**
 * Newsletter with double opt-in (POPIA: consent time and source recorded). Subscribing sends a
 * confirmation link; confirming sends the first-order code; every newsletter e-mail carries an
 * unsubscribe link (the e-mails are composed and queued by flows/newsletter_signup.ts). The answer to
 * "subscribe" never reveals whether an address was already known.
 */
import { asc, eq, inArray, or } from "drizzle-orm";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { newsletterSubscriptions } from "../../db/schema/mod.ts";
import { generateToken, hashToken, hitRateLimit, keyPart, LIMITS, RateLimitedError } from "../auth/mod.ts";

/** The first-order code a confirmed subscriber receives (seeded as a coupon). */
export const WELCOME_CODE = "WELCOME10";

export const subscribeBody = z.object({
  email: z.string({ error: "Please enter a valid email address." }).trim().toLowerCase()
    .min(1, "Please enter a valid email address.").max(254, "Please enter a valid email address.")
    .pipe(z.email({ error: "Please enter a valid email address." })),
  source: z.enum(["home_banner", "footer", "checkout", "account"]).default("home_banner"),
}).strict();

export type SubscribeInput = z.infer<typeof subscribeBody>;

/**
 * The unsubscribe token that goes with a confirmation token. The database keeps only hashes, so the
 * welcome e-mail sent on confirming could not otherwise repeat the link of the confirmation e-mail;
 * deriving it (one-way) lets both e-mails carry the same, still working, link.
 */
function unsubscribeTokenFor(confirmToken: string): string {
  const digest = sha256(new TextEncoder().encode(`newsletter-unsubscribe:${confirmToken}`));
  return encodeBase32LowerCaseNoPadding(digest.slice(0, 20));
}

/** The per-address bucket of confirmation e-mails (hashed: the table holds no addresses). */
export function newsletterEmailKey(email: string): string {
  return `newsletter:email:${keyPart(email)}`;
}

/** The links a newsletter e-mail carries: the confirmation token (sign-up only) and the unsubscribe token. */
export interface SubscriptionTokens {
  email: string;
  confirmToken: string;
  unsubscribeToken: string;
}

/**
 * Records consent (again, if still unconfirmed) and returns the tokens for the confirmation e-mail,
 * which flows/newsletter_signup.ts sends; null when there is nothing to send. Callers answer the
 * same either way.
 *
 * At most LIMITS.newsletterPerEmail confirmation e-mails go to one address per window, whoever asks
 * and from however many IPs, so the form cannot be used to flood a stranger's inbox. Past that the
 * request is quietly dropped (no e-mail, the stored sign-up and its earlier links left as they are)
 * instead of refused: a "too many attempts" answer would tell anyone typing an address that
 * somebody has been signing it up, which the same-answer rule (decision 0012) exists to prevent.
 */
export async function recordSubscription(
  db: Db,
  input: SubscribeInput,
  userId: number | null = null,
): Promise<SubscriptionTokens | null> {
  const [existing] = await db.select().from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, input.email));
  if (existing?.confirmedAt && !existing.unsubscribedAt) return null; // already on the list: nothing to do
  try {
    await hitRateLimit(db, newsletterEmailKey(input.email), LIMITS.newsletterPerEmail);
  } catch (err) {
    if (err instanceof RateLimitedError) return null;
    throw err;
  }
  const confirm = generateToken();
  const unsubscribe = unsubscribeTokenFor(confirm);
  const values = {
    email: input.email,
    userId,
    consentAt: new Date(),
    consentSource: input.source,
    confirmToken: hashToken(confirm),
    unsubscribeToken: hashToken(unsubscribe),
    confirmedAt: null,
    unsubscribedAt: null,
  };
  await db.insert(newsletterSubscriptions).values(values)
    .onConflictDoUpdate({ target: newsletterSubscriptions.email, set: values });
  return { email: input.email, confirmToken: confirm, unsubscribeToken: unsubscribe };
}

/**
 * Whether a confirmation link is still waiting to be used, without using it: the page behind the
 * e-mailed link reads this, and only its button (a POST) confirms.
 */
export async function confirmationPending(db: Db, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{32}$/.test(token)) return false;
  const [row] = await db.select({ id: newsletterSubscriptions.id }).from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmToken, hashToken(token)));
  return !!row;
}

/**
 * Confirms a subscription and returns the address and unsubscribe token for the welcome e-mail with
 * the code (flows/newsletter_signup.ts sends it); null for an unknown or used link. The unsubscribe
 * token is left as it is, so the link in the confirmation e-mail keeps working. Only a deliberate
 * POST may call this: mail scanners open every link in an e-mail (decision 0012).
 */
export async function markConfirmed(
  db: Db,
  token: string,
): Promise<Omit<SubscriptionTokens, "confirmToken"> | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const unsubscribe = unsubscribeTokenFor(token);
  const [row] = await db.update(newsletterSubscriptions)
    .set({
      confirmedAt: new Date(),
      confirmToken: null,
      discountCode: WELCOME_CODE,
      // The same value subscribe() stored, so nothing changes; it only repairs a sign-up made before
      // tokens were derived (its welcome e-mail's link then works, as the newest link should).
      unsubscribeToken: hashToken(unsubscribe),
    })
    .where(eq(newsletterSubscriptions.confirmToken, hashToken(token)))
    .returning({ email: newsletterSubscriptions.email });
  if (!row) return null;
  return { email: row.email, unsubscribeToken: unsubscribe };
}

/** Stops all newsletter e-mail to the address behind the token; false for an unknown link. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{32}$/.test(token)) return false;
  const [row] = await db.update(newsletterSubscriptions).set({ unsubscribedAt: new Date() })
    .where(eq(newsletterSubscriptions.unsubscribeToken, hashToken(token)))
    .returning({ id: newsletterSubscriptions.id });
  return !!row;
}

/** Where an address stands with the newsletter. */
export type NewsletterStatus = "subscribed" | "unconfirmed" | "unsubscribed" | "never";

/**
 * The newsletter status of each customer: their own sign-up, or one made with their e-mail address as
 * a guest (the newest counts). One query for a page of customers.
 */
export async function newsletterStatuses(
  db: Db,
  who: { id: number; email: string }[],
): Promise<Map<number, NewsletterStatus>> {
  const statuses = new Map<number, NewsletterStatus>(who.map((u) => [u.id, "never"]));
  if (!who.length) return statuses;
  const emails = who.map((u) => u.email.trim().toLowerCase());
  const rows = await db.select({
    userId: newsletterSubscriptions.userId,
    email: newsletterSubscriptions.email,
    confirmedAt: newsletterSubscriptions.confirmedAt,
    unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
  }).from(newsletterSubscriptions).where(or(
    inArray(newsletterSubscriptions.userId, who.map((u) => u.id)),
    // Addresses are stored in lower case (subscribeBody), so the unique index serves this.
    inArray(newsletterSubscriptions.email, emails),
  )).orderBy(asc(newsletterSubscriptions.createdAt), asc(newsletterSubscriptions.id));
  const byEmail = new Map(who.map((u) => [u.email.trim().toLowerCase(), u.id]));
  // Oldest first, so the newest sign-up of each customer is the one left standing.
  for (const row of rows) {
    const id = row.userId !== null && statuses.has(row.userId) ? row.userId : byEmail.get(row.email);
    if (id === undefined) continue;
    statuses.set(id, row.unsubscribedAt ? "unsubscribed" : row.confirmedAt ? "subscribed" : "unconfirmed");
  }
  return statuses;
}
