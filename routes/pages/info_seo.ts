/** GET /sitemap.xml (every list page, category and product, absolute URLs) and GET /robots.txt. */
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import { sitemapEntries } from "../../domains/catalog/mod.ts";
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

export async function sitemapXml(c: Context<AppEnv>) {
  const site = c.var.config.siteUrl;
  const { categories, products } = await sitemapEntries(c.var.db);
  const now = new Date();
  const productsChanged = day(latest(products.map((p) => p.updatedAt), now));
  const categoriesChanged = day(latest(categories.map((x) => x.updatedAt), now));
  const urls: [path: string, lastmod: string][] = [
    ["/", productsChanged],
    ...["/products", "/featured", "/new", "/offers"].map((p): [string, string] => [p, productsChanged]),
    ["/categories", categoriesChanged],
    ...categories.map((x): [string, string] => [`/category/${encodeURIComponent(x.slug)}`, day(x.updatedAt)]),
    ...products.map((p): [string, string] => [`/product/${encodeURIComponent(p.slug)}`, day(p.updatedAt)]),
    ["/landing/pvc-enclosures", productsChanged],
    ...infoPages.map((p): [string, string] => [p.path, POLICIES_UPDATED]),
  ];
  const body = urls.map(([path, lastmod]) =>
    `<url><loc>${escapeXml(site + path)}</loc><lastmod>${lastmod}</lastmod></url>`
  ).join("\n");
  c.header("Cache-Control", "public, max-age=3600");
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`,
    200,
    { "Content-Type": "application/xml; charset=utf-8" },
  );
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
