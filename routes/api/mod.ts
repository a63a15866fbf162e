/** The JSON API, mounted at /api. */
import { Hono } from "hono";
import type { AppEnv } from "../../app.ts";
import { categoryApi } from "./categories.ts";
import { productApi } from "./products.ts";
import { searchApi } from "./search.ts";
import { authApi } from "./auth.ts";
import { passwordResetApi } from "./password_reset.ts";
import { addressApi } from "./addresses.ts";
import { accountApi } from "./account.ts";
import { cartApi } from "./cart.ts";
import { couponApi } from "./coupons.ts";
import { wishlistApi } from "./wishlist.ts";
import { newsletterApi } from "./newsletter.ts";
import { orderApi } from "./orders.ts";
import { paymentApi } from "./payments.ts";
import { webhookApi } from "./webhooks.ts";
import { loyaltyApi } from "./loyalty.ts";

export function apiRoutes() {
  const app = new Hono<AppEnv>();
  app.route("/categories", categoryApi());
  app.route("/products", productApi());
  app.route("/search", searchApi());
  app.route("/auth", authApi());
  app.route("/auth", passwordResetApi());
  app.route("/addresses", addressApi());
  app.route("/account", accountApi());
  app.route("/cart", cartApi());
  app.route("/coupons", couponApi());
  app.route("/wishlist", wishlistApi());
  app.route("/newsletter", newsletterApi());
  app.route("/orders", orderApi());
  app.route("/payments", paymentApi());
  app.route("/webhooks", webhookApi());
  app.route("/loyalty", loyaltyApi());
  return app;
}
