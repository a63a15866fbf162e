/**
 * /cart and its form actions. Every action works as a plain form post (redirect back with a toast);
 * the CartView island does the same through the JSON API without reloading.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import {
  addToCart,
  applyCoupon,
  cartSchemas,
  clearCart,
  getCart,
  removeCartItem,
  removeCoupon,
  updateCartItem,
} from "../../domains/cart/mod.ts";
import { AppError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { Island } from "../../lib/islands.tsx";
import CartView from "../../islands/CartView.tsx";
import { cartJson, emptyCartJson } from "../api/cart_json.ts";
import { readOwner, writeOwner } from "../cart_owner.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";
import { COUPON_REMOVED } from "../api/cart.ts";

/** Where to go back to after adding from a product page or card: the page it came from, on this site. */
function back(c: Context<AppEnv>, fallback: string): string {
  const referer = c.req.header("referer");
  if (!referer) return fallback;
  try {
    const url = new URL(referer);
    const ours = url.origin === new URL(c.req.url).origin || url.origin === c.var.config.siteUrl;
    return ours ? `${url.pathname}${url.search}` : fallback;
  } catch {
    return fallback;
  }
}

/** Runs a cart action; a refusal becomes an error toast instead of an error page. */
async function attempt(c: Context<AppEnv>, failure: string, action: () => Promise<void>) {
  try {
    await action();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    setFlash(c, { title: failure, description: err.message, variant: "destructive" });
  }
}

async function form(c: Context<AppEnv>) {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<string, string>;
}

/** The coupon forms also sit on the checkout's review step, which asks to come back to itself. */
const COUPON_RETURNS = new Set(["/cart", "/checkout"]);

function returnTo(fields: Record<string, string>): string {
  return COUPON_RETURNS.has(fields.redirect) ? fields.redirect : "/cart";
}

export function cartPages() {
  const app = new Hono<AppEnv>();

  app.get("/cart", async (c) => {
    const owner = readOwner(c);
    const cart = owner ? cartJson(await getCart(c.var.db, owner)) : emptyCartJson();
    return renderPage(c, {
      head: { title: "Shopping Cart", canonicalPath: "/cart", noindex: true },
      body: <Island name="CartView" component={CartView} props={{ initial: cart }} />,
    });
  });

  app.post("/cart", async (c) => {
    const fields = await form(c);
    const parsed = cartSchemas.addBody.safeParse({
      productId: fields.productId,
      variantId: fields.variantId,
      quantity: fields.quantity ?? "1",
    });
    await attempt(c, "Failed to add item to cart", async () => {
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
      const added = await addToCart(c.var.db, await writeOwner(c), parsed.data);
      setFlash(c, {
        title: "Added to cart",
        description: `${parsed.data.quantity} × ${added.name} added to your cart.`,
        variant: "success",
      });
    });
    return c.redirect(back(c, "/cart"), 303);
  });

  app.post("/cart/items/:id", async (c) => {
    const quantity = Number((await form(c)).quantity);
    await attempt(c, "Failed to update cart item", async () => {
      const owner = readOwner(c);
      if (!owner || !Number.isInteger(quantity)) throw new NotFoundError("Cart item not found");
      await updateCartItem(c.var.db, owner, parseId(c.req.param("id")), quantity);
    });
    return c.redirect("/cart", 303);
  });

  app.post("/cart/items/:id/remove", async (c) => {
    await attempt(c, "Failed to remove item from cart", async () => {
      const owner = readOwner(c);
      if (owner) await removeCartItem(c.var.db, owner, parseId(c.req.param("id")));
    });
    return c.redirect("/cart", 303);
  });

  app.post("/cart/clear", async (c) => {
    const owner = readOwner(c);
    if (owner) await clearCart(c.var.db, owner);
    return c.redirect("/cart", 303);
  });

  app.post("/cart/coupon", async (c) => {
    const fields = await form(c);
    const code = fields.code ?? "";
    await attempt(c, "Invalid Coupon", async () => {
      const result = await applyCoupon(c.var.db, await writeOwner(c), code);
      setFlash(c, {
        title: "Coupon Applied",
        description: `Coupon ${result.coupon.code} has been applied to your cart.`,
        variant: "success",
      });
    });
    return c.redirect(returnTo(fields), 303);
  });

  app.post("/cart/coupon/remove", async (c) => {
    const fields = await form(c);
    const owner = readOwner(c);
    if (owner) await removeCoupon(c.var.db, owner);
    setFlash(c, { title: "Coupon Removed", description: COUPON_REMOVED });
    return c.redirect(returnTo(fields), 303);
  });
  return app;
}
