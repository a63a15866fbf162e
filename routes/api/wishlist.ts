/** The signed-in customer's wishlist: GET/POST /api/wishlist, DELETE /api/wishlist/{productId}, GET /check/{id}. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app.ts";
import { addToWishlist, isInWishlist, listWishlist, removeFromWishlist } from "../../domains/wishlist/mod.ts";
import { dbId, parseId } from "../../lib/ids.ts";
import { currentUser, requireUser } from "../guards.ts";
import { validate } from "../validate.ts";
import { productJson } from "./json.ts";

const addBody = z.object({
  productId: dbId("productId must be a positive whole number"),
}).strict();

export function wishlistApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireUser());
  app.get("/", async (c) => {
    const entries = await listWishlist(c.var.db, currentUser(c).id);
    return c.json(entries.map((e) => ({
      id: e.id,
      productId: e.productId,
      addedAt: e.addedAt.toISOString(),
      product: productJson(e.product),
    })));
  });
  app.post("/", validate("json", addBody), async (c) => {
    const added = await addToWishlist(c.var.db, currentUser(c).id, c.req.valid("json").productId);
    return c.json({ success: true, message: "Added to Wishlist" }, added ? 201 : 200);
  });
  app.get("/check/:id", async (c) => {
    return c.json({ inWishlist: await isInWishlist(c.var.db, currentUser(c).id, parseId(c.req.param("id"))) });
  });
  app.delete("/:productId", async (c) => {
    await removeFromWishlist(c.var.db, currentUser(c).id, parseId(c.req.param("productId"), "productId"));
    return c.json({ success: true, message: "Removed from Wishlist" });
  });
  return app;
}
