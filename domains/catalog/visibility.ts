/**
 * Which products the storefront shows: every product that staff have not archived. The one place
 * the rule lives; listings, search, suggestions, home sections, the sitemap, product and AMP pages,
 * the cart and the wishlist all filter through it. Order history reads order lines, never this.
 */
import { isNull, type SQL } from "drizzle-orm";
import { products } from "../../db/schema/mod.ts";

/** The condition a storefront product read adds: the product is not archived. */
export function onStorefront(): SQL {
  return isNull(products.archivedAt);
}
