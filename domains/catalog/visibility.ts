/**
 * Which products the storefront shows: every active product (not a draft) that staff have not
 * archived. The one place the rule lives; listings, search, suggestions, home sections, the
 * sitemap, product and AMP pages, the cart, the wishlist, the merchant feeds, WhatsApp retailer-id
 * matching and the recommendations all filter through it (the raw-SQL readers through
 * `onStorefrontAs`). Order history reads order lines, never this.
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { products } from "../../db/schema/mod.ts";

/** The condition a storefront product read adds: the product is active and not archived. */
export function onStorefront(): SQL {
  return and(isNull(products.archivedAt), eq(products.status, "active"))!;
}

/** The same condition for raw SQL over the products table named `alias` (for example `p`). */
export function onStorefrontAs(alias: string): SQL {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`bad table alias ${alias}`);
  return sql.raw(`(${alias}.archived_at is null and ${alias}.status = 'active')`);
}

/** Whether a product row already read is one shoppers may see (the same rule, in code). */
export function isOnStorefront(p: { archivedAt: Date | null; status: "draft" | "active" }): boolean {
  return p.archivedAt === null && p.status === "active";
}
