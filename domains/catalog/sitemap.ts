/** What /sitemap.xml lists from the catalogue: every category and product slug with its last change. */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/mod.ts";
import { onStorefront } from "./visibility.ts";

export interface SitemapEntry {
  slug: string;
  updatedAt: Date;
}

/** Every category and every product still on the storefront, one query per table. */
export async function sitemapEntries(db: Db): Promise<{ categories: SitemapEntry[]; products: SitemapEntry[] }> {
  const categoryRows = await db.select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories).orderBy(asc(categories.position), asc(categories.id));
  const productRows = await db.select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products).where(onStorefront()).orderBy(asc(products.id));
  return { categories: categoryRows, products: productRows };
}
