/** /wishlist and the wishlist forms (they work without JavaScript; visitors are asked to sign in first). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { addToWishlist, isInWishlist, listWishlist, removeFromWishlist } from "../../domains/wishlist/mod.ts";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { WishlistView } from "../../components/catalog/WishlistView.tsx";
import { parseId } from "../../lib/ids.ts";
import { currentUser, requireUser, safeRedirect } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";

export function wishlistPages() {
  const app = new Hono<AppEnv>();

  app.get("/wishlist", requireUser(), async (c) => {
    const entries = await listWishlist(c.var.db, currentUser(c).id);
    return renderPage(c, {
      head: { title: "My Wishlist", canonicalPath: "/wishlist", noindex: true },
      body: <WishlistView products={entries.map((e) => toCardData(e.product))} />,
    });
  });

  /** Adds or removes; a visitor goes to sign in and the product is saved straight after. */
  app.post("/wishlist/toggle", async (c) => {
    const form = await c.req.parseBody();
    const productId = parseId(typeof form.productId === "string" ? form.productId : undefined, "productId");
    const returnPath = safeRedirect(typeof form.returnPath === "string" ? form.returnPath : null, "/wishlist");
    const user = c.var.user;
    if (!user) {
      const q = new URLSearchParams({ wishlist: "true", returnPath, addToWishlist: String(productId) });
      return c.redirect(`/login?${q}`, 303);
    }
    if (await isInWishlist(c.var.db, user.id, productId)) {
      await removeFromWishlist(c.var.db, user.id, productId);
      setFlash(c, { title: "Removed from Wishlist" });
    } else {
      await addToWishlist(c.var.db, user.id, productId);
      setFlash(c, { title: "Added to Wishlist", variant: "success" });
    }
    return c.redirect(returnPath, 303);
  });

  app.post("/wishlist/:productId/remove", requireUser(), async (c) => {
    await removeFromWishlist(c.var.db, currentUser(c).id, parseId(c.req.param("productId"), "productId"));
    setFlash(c, { title: "Removed from Wishlist" });
    return c.redirect("/wishlist", 303);
  });
  return app;
}
