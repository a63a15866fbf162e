/**
 * What the sitemaps list from the catalogue: every category, and every product still on the
 * storefront in files of at most `perFile` URLs (the sitemap protocol allows 50,000 a file), each file
 * a range of product ids so that it is read through the primary key, never the whole catalogue.
 */
import { and, asc, between, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/mod.ts";
import { onStorefront } from "./visibility.ts";

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  slug: string;
  updatedAt: Date;
}

/** One products sitemap file: the ids it covers (first to last, inclusive), how many, and its latest change. */
export interface ProductSitemapFile {
  firstId: number;
  lastId: number;
  count: number;
  lastmod: Date;
}

/** Every category, in menu order. */
export async function categorySitemapEntries(db: Db): Promise<SitemapEntry[]> {
  return await db.select({ slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories).orderBy(asc(categories.position), asc(categories.id));
}

/**
 * The storefront's products cut into files of `perFile` by id: one pass over the ids and change times
 * (the index lists only this; the files are read one at a time when a crawler asks for them).
 */
export async function productSitemapFiles(db: Db, perFile: number): Promise<ProductSitemapFile[]> {
  const numbered = db.select({
    id: products.id,
    updatedAt: products.updatedAt,
    file: sql<number>`(row_number() over (order by ${products.id}) - 1) / ${perFile}`.as("file"),
  }).from(products).where(onStorefront()).as("numbered");
  const rows = await db.select({
    firstId: sql<number>`min(${numbered.id})::int`,
    lastId: sql<number>`max(${numbered.id})::int`,
    count: sql<number>`count(*)::int`,
    lastmod: sql<string>`max(${numbered.updatedAt})`,
  }).from(numbered).groupBy(numbered.file).orderBy(numbered.file);
  return rows.map((r) => ({ ...r, lastmod: new Date(r.lastmod) }));
}

/** The products of one sitemap file, by id. */
export async function productSitemapEntries(db: Db, file: Pick<ProductSitemapFile, "firstId" | "lastId">) {
  return await db.select({ slug: products.slug, updatedAt: products.updatedAt }).from(products)
    .where(and(between(products.id, file.firstId, file.lastId), onStorefront()))
    .orderBy(asc(products.id));
}
