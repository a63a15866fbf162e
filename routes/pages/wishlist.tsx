/** /wishlist and the wishlist forms (they work without JavaScript; visitors are asked to sign in first). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { listWishlist } from "../../domains/wishlist/mod.ts";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { WishlistView } from "../../components/catalog/WishlistView.tsx";
import { parseId } from "../../lib/ids.ts";
import { currentUser, requireUser, safeRedirect } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";
import { formRoute } from "../action.ts";
import { removeFromWishlistAction, toggleWishlistAction } from "../api/wishlist.ts";

export function wishlistPages() {
  const app = new Hono<AppEnv>();

  app.get("/wishlist", requireUser(), async (c) => {
    const entries = await listWishlist(c.var.db, currentUser(c).id);
    return renderPage(c, {
      head: { title: "My Wishlist", canonicalPath: "/wishlist", noindex: true },
      body: <WishlistView products={entries.map((e) => toCardData(e.product))} />,
    });
  });

  // The heart's no-JavaScript twin (routes/api/wishlist.ts): a visitor goes to sign in and the
  // product is saved straight after; the shopper comes back to the page they were on.
  const back = (fields: Record<string, string>) => safeRedirect(fields.returnPath ?? null, "/wishlist");
  formRoute(app, toggleWishlistAction, {
    path: "/wishlist/toggle",
    input: (fields) => ({ productId: fields.productId }),
    visitor: (c, fields) => {
      const productId = parseId(fields.productId, "productId");
      const q = new URLSearchParams({ wishlist: "true", returnPath: back(fields), addToWishlist: String(productId) });
      return c.redirect(`/login?${q}`, 303);
    },
    onSuccess: (c, output, _input, fields) => {
      setFlash(c, output.saved ? { title: output.message, variant: "success" } : { title: output.message });
      return c.redirect(back(fields), 303);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "Wishlist not changed", description: err.message, variant: "destructive" });
      return c.redirect(back(fields), 303);
    },
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
