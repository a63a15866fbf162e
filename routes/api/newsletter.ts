/** POST /api/newsletter: subscribe (double opt-in). */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { hitRateLimit, LIMITS } from "../../domains/auth/mod.ts";
import { subscribeBody } from "../../domains/newsletter/mod.ts";
import { subscribe } from "../../flows/newsletter_signup.ts";
import { clientIp } from "../client_ip.ts";
import { defineAction, jsonRoute } from "../action.ts";

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

export function newsletterApi() {
  const app = new Hono<AppEnv>();
  jsonRoute(app, subscribeAction, "/newsletter");
  return app;
}
