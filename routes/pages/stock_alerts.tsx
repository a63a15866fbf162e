/** POST /products/{id}/notify: the no-JavaScript 'Notify Me When Available' form. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import type { Context } from "hono";
import { ERROR_CODES } from "../../lib/errors.ts";
import { formFields, formRoute } from "../action.ts";
import { notifyAction } from "../api/products.ts";
import { setFlash } from "../flash.ts";
import { safeRedirect } from "../guards.ts";

/** The page the form was on (its returnPath), on this site only. */
async function back(c: Context<AppEnv>): Promise<string> {
  return safeRedirect((await formFields(c)).returnPath ?? null);
}

export function stockAlertPages() {
  const app = new Hono<AppEnv>();
  // The no-JavaScript twin of the notify action (routes/api/products.ts).
  formRoute(app, notifyAction, {
    path: "/products/:id/notify",
    // A visitor is asked to sign in and sent back to the page the form was on (not to this POST path).
    visitor: (c, fields) => {
      setFlash(c, { title: "Login Required", description: "Sign in or create an account to be notified." });
      return c.redirect(`/login?returnPath=${encodeURIComponent(safeRedirect(fields.returnPath ?? null))}`, 303);
    },
    input: (fields) => (fields.variantId ? { variantId: fields.variantId } : {}),
    onSuccess: async (c) => {
      setFlash(c, {
        title: "Notification Set!",
        description: "We'll email you when this product is back in stock.",
        variant: "success",
      });
      return c.redirect(await back(c), 303);
    },
    onError: async (c, err) => {
      const already = err.code === ERROR_CODES.alreadySubscribed;
      setFlash(c, {
        title: already ? "Already Subscribed" : "Notification Error",
        description: already ? "You're already subscribed to notifications for this product." : err.message,
      });
      return c.redirect(await back(c), 303);
    },
  });
  return app;
}
