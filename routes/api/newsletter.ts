/** POST /api/newsletter: subscribe (double opt-in). */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { hitRateLimit, LIMITS } from "../../domains/auth/mod.ts";
import { subscribe, subscribeBody } from "../../domains/newsletter/mod.ts";
import { clientIp } from "../client_ip.ts";
import { validate } from "../validate.ts";

export function newsletterApi() {
  const app = new Hono<AppEnv>();
  app.post("/", validate("json", subscribeBody), async (c) => {
    // Per visitor here; subscribe() also caps the e-mails to one address, answering the same.
    await hitRateLimit(c.var.db, `newsletter:ip:${clientIp(c)}`, LIMITS.newsletterPerIp);
    const { config } = c.var;
    await subscribe(
      c.var.db,
      c.req.valid("json"),
      { siteUrl: config.siteUrl, shopName: config.shop.name },
      c.var.user?.id ?? null,
    );
    return c.json({
      success: true,
      message: "Subscribed!",
      description: "Please check your e-mail to confirm your subscription and get your 10% discount code.",
    });
  });
  return app;
}
