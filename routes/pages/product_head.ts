/** Head data of a product page: product meta tags, JSON-LD Product with Offer, BreadcrumbList. */
import type { Product } from "../../domains/catalog/mod.ts";
import { effectivePriceCents } from "../../domains/catalog/mod.ts";
import type { PageHead } from "../../lib/head.tsx";
import { absoluteUrl } from "../../lib/head.tsx";
import { placeholderPath, socialImagePath } from "../../lib/placeholder.ts";

function oneYearAhead(now = new Date()): string {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The link-preview image: the product's first photo, or the generated 1200x630 PNG when it has only
 * generated (SVG) images, which social sites refuse.
 */
function socialImage(p: Product): NonNullable<PageHead["image"]> {
  const photo = p.images.find((i) => !/\.svg(\?|$)/i.test(i));
  return photo ? { url: photo, alt: p.name } : { url: socialImagePath(p.name), width: 1200, height: 630, alt: p.name };
}

export function productHead(p: Product, siteUrl: string, siteName: string): PageHead {
  const price = (effectivePriceCents(p) / 100).toFixed(2);
  const url = absoluteUrl(siteUrl, `/product/${p.slug}`);
  const inStock = p.stock > 0;
  const images = (p.images.length ? p.images : [placeholderPath(p.name)]).map((i) => absoluteUrl(siteUrl, i));
  const description = p.metaDescription || p.description;
  return {
    title: p.metaTitle || p.name,
    description,
    canonicalPath: `/product/${p.slug}`,
    ogType: "product",
    image: socialImage(p),
    ampPath: `/product/${p.slug}/amp`,
    meta: [
      { property: "product:price:amount", content: price },
      { property: "product:price:currency", content: "ZAR" },
      { property: "product:availability", content: inStock ? "in stock" : "out of stock" },
      { property: "product:condition", content: "new" },
      ...(p.brand ? [{ property: "product:brand", content: p.brand }] : []),
      { property: "product:retailer_item_id", content: p.sku },
      ...(p.gtin ? [{ property: "product:gtin", content: p.gtin }] : []),
      ...(p.mpn ? [{ property: "product:mpn", content: p.mpn }] : []),
    ],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Product",
        name: p.name,
        description,
        sku: p.sku,
        ...(p.gtin ? { gtin13: p.gtin } : {}),
        ...(p.mpn ? { mpn: p.mpn } : {}),
        ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
        image: images,
        url,
        offers: {
          "@type": "Offer",
          url,
          priceCurrency: "ZAR",
          price,
          priceValidUntil: oneYearAhead(),
          availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
          seller: { "@type": "Organization", name: siteName },
        },
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl(siteUrl, "/") },
          p.category
            ? {
              "@type": "ListItem",
              position: 2,
              name: p.category.name,
              item: absoluteUrl(siteUrl, `/category/${p.category.slug}`),
            }
            : { "@type": "ListItem", position: 2, name: "Categories", item: absoluteUrl(siteUrl, "/categories") },
          { "@type": "ListItem", position: 3, name: p.name, item: url },
        ],
      },
    ],
  };
}
