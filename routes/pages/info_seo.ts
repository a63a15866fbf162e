/** GET /sitemap.xml and its files (every list page, category and product, absolute URLs) and GET /robots.txt. */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  categorySitemapEntries,
  productSitemapEntries,
  type ProductSitemapFile,
  productSitemapFiles,
  SITEMAP_MAX_URLS,
} from "../../domains/catalog/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { POLICIES_UPDATED } from "../../components/info/InfoPage.tsx";
import { infoPages } from "./info_pages.tsx";

const xmlEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text for an XML element or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => xmlEntities[ch]);
}

/** A W3C date (YYYY-MM-DD) for <lastmod>. */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function latest(dates: Date[], fallback: Date): Date {
  return dates.reduce((max, d) => (d > max ? d : max), dates[0] ?? fallback);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** A <urlset> of [path, lastmod] pairs, absolute on the site's address. */
function urlset(site: string, urls: [path: string, lastmod: string][]): string {
  const body = urls.map(([path, lastmod]) =>
    `<url><loc>${escapeXml(site + path)}</loc><lastmod>${lastmod}</lastmod></url>`
  ).join("\n");
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${body}\n</urlset>\n`;
}

/** What /sitemap.xml is made of: the product files and the shop's other pages. */
interface SitemapPlan {
  files: ProductSitemapFile[];
  pages: [path: string, lastmod: string][];
}

/**
 * The list pages, categories and information pages (with their latest change), and the product files:
 * read once and kept until staff change the catalogue.
 */
function sitemapPlan(c: Context<AppEnv>): Promise<SitemapPlan> {
  const perFile = c.var.deps.sitemapUrlsPerFile ?? SITEMAP_MAX_URLS;
  return c.var.caches.sitemaps.get("plan", async () => {
    const db = c.var.db;
    const [categories, files] = await Promise.all([categorySitemapEntries(db), productSitemapFiles(db, perFile)]);
    const now = new Date();
    const productsChanged = day(latest(files.map((f) => f.lastmod), now));
    const categoriesChanged = day(latest(categories.map((x) => x.updatedAt), now));
    const pages: [string, string][] = [
      ["/", productsChanged],
      ...["/products", "/featured", "/new", "/offers"].map((p): [string, string] => [p, productsChanged]),
      ["/categories", categoriesChanged],
      ...categories.map((x): [string, string] => [`/category/${encodeURIComponent(x.slug)}`, day(x.updatedAt)]),
      ["/landing/pvc-enclosures", productsChanged],
      ...infoPages.map((p): [string, string] => [p.path, POLICIES_UPDATED]),
    ];
    return { files, pages };
  }) as Promise<SitemapPlan>;
}

/** One product file's URLs, read by its id range. */
async function productUrls(c: Context<AppEnv>, file: ProductSitemapFile): Promise<[string, string][]> {
  const rows = await productSitemapEntries(c.var.db, file);
  return rows.map((p): [string, string] => [`/product/${encodeURIComponent(p.slug)}`, day(p.updatedAt)]);
}

function xmlResponse(c: Context<AppEnv>, xml: string) {
  c.header("Cache-Control", "public, max-age=3600");
  return c.body(xml, 200, { "Content-Type": "application/xml; charset=utf-8" });
}

/**
 * GET /sitemap.xml: every page in one <urlset> while they fit in one file (the sitemap protocol's
 * 50,000 URLs), else a <sitemapindex> of /sitemaps/pages.xml and /sitemaps/products-N.xml.
 */
export async function sitemapXml(c: Context<AppEnv>) {
  const site = c.var.config.siteUrl;
  const perFile = c.var.deps.sitemapUrlsPerFile ?? SITEMAP_MAX_URLS;
  const xml = await c.var.caches.sitemaps.get("index", async () => {
    const plan = await sitemapPlan(c);
    const products = plan.files.reduce((n, f) => n + f.count, 0);
    if (plan.files.length <= 1 && products + plan.pages.length <= perFile) {
      const productPages = plan.files.length ? await productUrls(c, plan.files[0]) : [];
      return urlset(site, [...plan.pages, ...productPages]);
    }
    const entries: [path: string, lastmod: string][] = [
      ["/sitemaps/pages.xml", plan.pages.map(([, d]) => d).sort().at(-1)!],
      ...plan.files.map((f, i): [string, string] => [`/sitemaps/products-${i + 1}.xml`, day(f.lastmod)]),
    ];
    const body = entries.map(([path, lastmod]) =>
      `<sitemap><loc>${escapeXml(site + path)}</loc><lastmod>${lastmod}</lastmod></sitemap>`
    ).join("\n");
    return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${body}\n</sitemapindex>\n`;
  }) as string;
  return xmlResponse(c, xml);
}

/** GET /sitemaps/pages.xml: the list, category and information pages of a split sitemap. */
export async function pagesSitemapXml(c: Context<AppEnv>) {
  const xml = await c.var.caches.sitemaps.get(
    "pages",
    async () => urlset(c.var.config.siteUrl, (await sitemapPlan(c)).pages),
  );
  return xmlResponse(c, xml as string);
}

/** GET /sitemaps/products-{n}.xml: the n-th file of product pages (404 past the last). */
export async function productsSitemapXml(c: Context<AppEnv>) {
  const n = /^products-([1-9]\d{0,5})\.xml$/.exec(c.req.param("file") ?? "")?.[1];
  const file = n ? (await sitemapPlan(c)).files[Number(n) - 1] : undefined;
  if (!file) throw new NotFoundError("No such sitemap.");
  const xml = await c.var.caches.sitemaps.get(
    `products-${n}`,
    async () => urlset(c.var.config.siteUrl, await productUrls(c, file)),
  );
  return xmlResponse(c, xml as string);
}

const DISALLOWED = ["/admin", "/account", "/checkout", "/cart", "/api/"];

export function robotsTxt(c: Context<AppEnv>) {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${c.var.config.siteUrl}/sitemap.xml`,
  ];
  c.header("Cache-Control", "public, max-age=86400");
  return c.text(`${lines.join("\n")}\n`);
}
