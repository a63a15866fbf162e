/**
 * Newsletter sign-up and confirmation (double opt-in, domains/newsletter): the domain records the
 * consent or the confirmation and gives back the tokens; this queues the e-mail that carries them
 * (domains/mail): the confirmation link on sign-up, the first-order code on confirming. Every
 * newsletter e-mail carries an unsubscribe link.
 */
import type { Db } from "../db/client.ts";
import { enqueueEmail, escapeHtml } from "../domains/mail/mod.ts";
import { markConfirmed, recordSubscription, type SubscribeInput, WELCOME_CODE } from "../domains/newsletter/mod.ts";

interface ShopRef {
  siteUrl: string;
  shopName: string;
}

function footer(shop: ShopRef, unsubscribeUrl: string) {
  return {
    text: `\n\nYou are receiving this because you subscribed at ${shop.siteUrl}.\nUnsubscribe: ${unsubscribeUrl}`,
    html: `<p style="color:#78716c;font-size:12px">You are receiving this because you subscribed at ${
      escapeHtml(shop.siteUrl)
    }. <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>.</p>`,
  };
}

/**
 * Records consent and sends the confirmation e-mail (again, if still unconfirmed). Returns whether
 * an e-mail was queued; callers answer the same either way (the per-address cap: recordSubscription).
 */
export async function subscribe(
  db: Db,
  input: SubscribeInput,
  shop: ShopRef,
  userId: number | null = null,
): Promise<boolean> {
  const tokens = await recordSubscription(db, input, userId);
  if (!tokens) return false;
  const confirmUrl = `${shop.siteUrl}/newsletter/confirm?token=${tokens.confirmToken}`;
  const unsubscribeUrl = `${shop.siteUrl}/newsletter/unsubscribe?token=${tokens.unsubscribeToken}`;
  const foot = footer(shop, unsubscribeUrl);
  await enqueueEmail(db, {
    to: tokens.email,
    subject: `Please confirm your subscription to ${shop.shopName}`,
    text:
      `Thanks for signing up for the ${shop.shopName} newsletter.\n\nConfirm your subscription and get 10% off your first order:\n${confirmUrl}\n\nIf you did not sign up, ignore this e-mail and nothing will happen.${foot.text}`,
    html: `<p>Thanks for signing up for the ${escapeHtml(shop.shopName)} newsletter.</p>` +
      `<p><a href="${escapeHtml(confirmUrl)}">Confirm your subscription</a> and get 10% off your first order.</p>` +
      `<p>If you did not sign up, ignore this e-mail and nothing will happen.</p>${foot.html}`,
    unsubscribeUrl,
  });
  return true;
}

/**
 * Confirms a subscription and e-mails the welcome code; false for an unknown or used link. Only a
 * deliberate POST may call this: mail scanners open every link in an e-mail (decision 0012).
 */
export async function confirmSubscription(db: Db, token: string, shop: ShopRef): Promise<boolean> {
  const confirmed = await markConfirmed(db, token);
  if (!confirmed) return false;
  const unsubscribeUrl = `${shop.siteUrl}/newsletter/unsubscribe?token=${confirmed.unsubscribeToken}`;
  const foot = footer(shop, unsubscribeUrl);
  await enqueueEmail(db, {
    to: confirmed.email,
    subject: `Welcome to ${shop.shopName}: your 10% code`,
    text: `You're subscribed. Use the code ${WELCOME_CODE} at checkout for 10% off your first order.${foot.text}`,
    html:
      `<p>You're subscribed.</p><p>Use the code <strong>${WELCOME_CODE}</strong> at checkout for 10% off your first order.</p>${foot.html}`,
    unsubscribeUrl,
  });
  return true;
}
