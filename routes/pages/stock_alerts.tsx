/** POST /products/{id}/notify: the no-JavaScript 'Notify Me When Available' form. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { subscribeToStock } from "../../domains/notifications/mod.ts";
import { AppError, ERROR_CODES } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { setFlash } from "../flash.ts";
import { safeRedirect } from "../guards.ts";

export function stockAlertPages() {
  const app = new Hono<AppEnv>();
  app.post("/products/:id/notify", async (c) => {
    const form = await c.req.parseBody();
    const back = safeRedirect(typeof form.returnPath === "string" ? form.returnPath : null);
    const user = c.var.user;
    if (!user) {
      setFlash(c, { title: "Login Required", description: "Sign in or create an account to be notified." });
      return c.redirect(`/login?returnPath=${encodeURIComponent(back)}`, 303);
    }
    const variantId = typeof form.variantId === "string" && form.variantId
      ? parseId(form.variantId, "variantId")
      : null;
    try {
      await subscribeToStock(c.var.db, user, parseId(c.req.param("id")), variantId);
      setFlash(c, {
        title: "Notification Set!",
        description: "We'll email you when this product is back in stock.",
        variant: "success",
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const already = err.code === ERROR_CODES.alreadySubscribed;
      setFlash(c, {
        title: already ? "Already Subscribed" : "Notification Error",
        description: already ? "You're already subscribed to notifications for this product." : err.message,
      });
    }
    return c.redirect(back, 303);
  });
  return app;
}
