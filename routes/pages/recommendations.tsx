/** POST /recommendations/add-to-cart: the product page's 'Add all to cart' form (no JavaScript needed). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { recommendationSchemas } from "../../domains/recommendations/mod.ts";
import { addBundleToCart } from "../../flows/add_bundle_to_cart.ts";
import { getProduct } from "../../domains/catalog/mod.ts";
import { parseId } from "../../lib/ids.ts";
import { writeOwner } from "../cart_owner.ts";
import { setFlash } from "../flash.ts";

export function recommendationPages() {
  const app = new Hono<AppEnv>();
  app.post("/recommendations/add-to-cart", async (c) => {
    const body = await c.req.parseBody({ all: true });
    const raw = body.productId;
    const parsed = recommendationSchemas.bundleForm.safeParse({
      productId: (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter((v) => typeof v === "string"),
    });
    // Back to the product the form was on (its slug from the id), else the cart.
    let back = "/cart";
    if (typeof body.from === "string") {
      try {
        back = `/product/${(await getProduct(c.var.db, { id: parseId(body.from) })).slug}`;
      } catch {
        // an unknown or archived product: the cart
      }
    }
    if (!parsed.success) {
      setFlash(c, {
        title: "Failed to add items to cart",
        description: parsed.error.issues[0].message,
        variant: "destructive",
      });
      return c.redirect(back, 303);
    }
    const result = await addBundleToCart(c.var.db, await writeOwner(c), parsed.data.productId);
    if (result.added.length) {
      setFlash(c, {
        title: "Added to cart",
        description: `${result.added.length} item${result.added.length === 1 ? "" : "s"} added to your cart.` +
          (result.refused.length ? ` Not added: ${result.refused.map((r) => r.message).join(" ")}` : ""),
        variant: "success",
      });
    } else {
      setFlash(c, {
        title: "Failed to add items to cart",
        description: result.refused.map((r) => r.message).join(" "),
        variant: "destructive",
      });
    }
    return c.redirect(back, 303);
  });
  return app;
}
