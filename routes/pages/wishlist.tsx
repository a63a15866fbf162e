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
import { formRoute } from "../action.ts";
import { removeFromWishlistAction } from "../api/wishlist.ts";

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

  // The no-JavaScript twin of the remove action (routes/api/wishlist.ts).
  formRoute(app, removeFromWishlistAction, {
    path: "/wishlist/:productId/remove",
    onSuccess: (c) => {
      setFlash(c, { title: "Removed from Wishlist" });
      return c.redirect("/wishlist", 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Not removed", description: err.message, variant: "destructive" });
      return c.redirect("/wishlist", 303);
    },
  });
  return app;
}
