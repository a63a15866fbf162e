/**
 * The cart API (guest or signed in): GET /api/cart here; the actions (add, change, remove, clear,
 * apply and remove a coupon) are declared in cart_actions.ts and mounted through jsonRoute.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { jsonRoute } from "../action.ts";
import { cartActions, currentCart } from "./cart_actions.ts";

export function cartApi() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => c.json(await currentCart(c)));
  for (const action of cartActions) jsonRoute(app, action, "/cart");
  return app;
}
