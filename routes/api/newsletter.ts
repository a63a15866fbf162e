/**
 * POST /api/newsletter: subscribe (double opt-in); POST /api/newsletter/confirm and
 * /api/newsletter/unsubscribe: the e-mailed links' tokens, as the pages' buttons post them.
 */
import { z } from "zod";
import { hitRateLimit, LIMITS } from "../../domains/auth/mod.ts";
import { subscribeBody, unsubscribe, WELCOME_CODE } from "../../domains/newsletter/mod.ts";
import { confirmSubscription, subscribe } from "../../flows/newsletter_signup.ts";
import { ValidationError } from "../../lib/errors.ts";
import { clientIp } from "../client_ip.ts";
import { actionApi, defineAction } from "../action.ts";

export const subscribeAction = defineAction({
  method: "post",
  path: "/newsletter",
  input: subscribeBody,
  output: z.object({ success: z.literal(true), message: z.string(), description: z.string() }),
  auth: "public",
  summary: "Subscribe an e-mail address to the newsletter (a confirmation e-mail follows)",
  handler: async (c, input) => {
    // Per visitor here; subscribe() also caps the e-mails to one address, answering the same.
    await hitRateLimit(c.var.db, `newsletter:ip:${clientIp(c)}`, LIMITS.newsletterPerIp);
    const { config } = c.var;
    await subscribe(
      c.var.db,
      input,
      { siteUrl: config.siteUrl, shopName: config.shop.name },
      c.var.user?.id ?? null,
    );
    return {
      success: true as const,
      message: "Subscribed!",
      description: "Please check your e-mail to confirm your subscription and get your 10% discount code.",
    };
  },
});

/** A newsletter e-mail's token; one of the wrong shape is simply not valid (no such link). */
const tokenBody = z.object({ token: z.string().max(100) });

/** The refusal of a token that is unknown, used already or malformed. */
export const NEWSLETTER_LINK_NOT_VALID = "This link is not valid";

export const confirmNewsletterAction = defineAction({
  method: "post",
  path: "/newsletter/confirm",
  input: tokenBody,
  output: z.object({ success: z.literal(true), code: z.string().describe("The welcome code, also e-mailed") }),
  auth: "public",
  summary: "Confirm a newsletter subscription with its e-mailed token (the welcome code is e-mailed)",
  handler: async (c, { token }) => {
    const { config } = c.var;
    const ok = await confirmSubscription(c.var.db, token, { siteUrl: config.siteUrl, shopName: config.shop.name });
    if (!ok) throw new ValidationError(NEWSLETTER_LINK_NOT_VALID);
    return { success: true as const, code: WELCOME_CODE };
  },
});

export const unsubscribeNewsletterAction = defineAction({
  method: "post",
  path: "/newsletter/unsubscribe",
  input: tokenBody,
  output: z.object({ success: z.literal(true) }),
  auth: "public",
  summary: "Stop the newsletter for the address an e-mailed unsubscribe token belongs to",
  handler: async (c, { token }) => {
    if (!(await unsubscribe(c.var.db, token))) throw new ValidationError(NEWSLETTER_LINK_NOT_VALID);
    return { success: true as const };
  },
});

export function newsletterApi() {
  return actionApi("/newsletter", [subscribeAction, confirmNewsletterAction, unsubscribeNewsletterAction]);
}
