/** POST /recommendations/add-to-cart: the product page's 'Add all to cart' form (no JavaScript needed). */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { getProduct } from "../../domains/catalog/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { formRoute } from "../action.ts";
import { addBundleAction } from "../api/cart_actions.ts";
import { setFlash } from "../flash.ts";

const FAILED = "Failed to add items to cart";

/** Back to the product the form was on (its slug from the id), else the cart. */
async function back(c: Context<AppEnv>, from: string | undefined): Promise<string> {
  if (from === undefined) return "/cart";
  try {
    return `/product/${(await getProduct(c.var.db, { id: parseId(from) })).slug}`;
  } catch {
    return "/cart"; // an unknown or archived product
  }
}

export function recommendationPages() {
  const app = new Hono<AppEnv>();
  // The twin of POST /api/cart/bundle.
  formRoute(app, addBundleAction, {
    path: "/recommendations/add-to-cart",
    // One checkbox per product, all named productId.
    input: async (_fields, c) => {
      const raw = (await c.req.parseBody({ all: true })).productId;
      return {
        productId: (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((v) => typeof v === "string"),
      };
    },
    onSuccess: async (c, { added, refused }, _input, fields) => {
      const notAdded = refused.map((r) => r.message).join(" ");
      setFlash(
        c,
        added.length
          ? {
            title: "Added to cart",
            description: `${added.length} item${added.length === 1 ? "" : "s"} added to your cart.` +
              (refused.length ? ` Not added: ${notAdded}` : ""),
            variant: "success",
          }
          : { title: FAILED, description: notAdded, variant: "destructive" },
      );
      return c.redirect(await back(c, fields.from), 303);
    },
    onError: async (c, err, fields) => {
      setFlash(c, { title: FAILED, description: err.message, variant: "destructive" });
      return c.redirect(await back(c, fields.from), 303);
    },
  });
  return app;
}
