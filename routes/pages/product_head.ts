/**
 * Head data of a product page: product meta tags, JSON-LD Product with its Offer (an AggregateOffer
 * over the variants' price range when it has variants), BreadcrumbList.
 */
import type { Product, Variant } from "../../domains/catalog/mod.ts";
import { chargedPriceCents, effectivePriceCents } from "../../domains/catalog/mod.ts";
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

/**
 * What a shopper can buy: one Offer at the product's price, or, for a product with variants, an
 * AggregateOffer from the lowest to the highest price a variant is charged (a pre-order's discount
 * included), in stock when any variant is or can be pre-ordered.
 */
function offers(p: Product & { variants?: Variant[] }, url: string, siteName: string) {
  const seller = { "@type": "Organization", name: siteName };
  const variants = p.variants ?? [];
  if (!variants.length) {
    return {
      "@type": "Offer",
      url,
      priceCurrency: "ZAR",
      price: (effectivePriceCents(p) / 100).toFixed(2),
      priceValidUntil: oneYearAhead(),
      availability: p.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller,
    };
  }
  const prices = variants.map((v) => chargedPriceCents(v));
  const buyable = variants.some((v) => v.stock > 0 || v.preorder);
  return {
    "@type": "AggregateOffer",
    url,
    priceCurrency: "ZAR",
    lowPrice: (Math.min(...prices) / 100).toFixed(2),
    highPrice: (Math.max(...prices) / 100).toFixed(2),
    offerCount: variants.length,
    availability: buyable ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
    seller,
  };
}

export function productHead(p: Product & { variants?: Variant[] }, siteUrl: string, siteName: string): PageHead {
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
        offers: offers(p, url, siteName),
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
