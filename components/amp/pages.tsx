/** The AMP pages as complete HTML strings: product, category and not-found. */
import type { Category, Product } from "../../domains/catalog/mod.ts";
import { absoluteUrl, type PageHead, truncate } from "../../lib/head.tsx";
import { placeholderPath } from "../../lib/placeholder.ts";
import { AmpLayout } from "./AmpLayout.tsx";
import { AmpProductView } from "./AmpProduct.tsx";
import { ampCategoryDescription, AmpCategoryView } from "./AmpCategory.tsx";
import { AMP_NOT_FOUND, AmpNotFoundView } from "./AmpNotFound.tsx";
import { type AmpSite, renderAmpDocument } from "./document.ts";

/**
 * The AMP product page. `head` carries the product's search and social metadata and its JSON-LD
 * Product block (the route builds it with the canonical page's helper, so both pages agree).
 */
export function renderAmpProductPage(site: AmpSite, product: Product, head: PageHead): string {
  return renderAmpDocument({
    site,
    head,
    body: (
      <AmpLayout site={site}>
        <AmpProductView product={product} />
      </AmpLayout>
    ),
  });
}

/** Head data of a category's AMP page: metadata and a JSON-LD CollectionPage listing its products. */
export function ampCategoryHead(site: AmpSite, category: Category, products: Product[], total: number): PageHead {
  const canonicalPath = `/category/${category.slug}`;
  const description = truncate(ampCategoryDescription(category), 160);
  return {
    title: category.name,
    description,
    canonicalPath,
    image: {
      url: category.image || `${placeholderPath(category.name)}?w=1200&h=630`,
      ...(category.image ? {} : { width: 1200, height: 630 }),
      alt: category.name,
    },
    meta: [
      { name: "category:name", content: category.name },
      { name: "category:product_count", content: String(total) },
    ],
    jsonLd: [{
      "@context": "https://schema.org",
      "@type": "CollectionPage",
      name: category.name,
      description,
      url: absoluteUrl(site.url, canonicalPath),
      isPartOf: { "@type": "WebSite", name: site.name, url: absoluteUrl(site.url, "/") },
      mainEntity: {
        "@type": "ItemList",
        numberOfItems: total,
        itemListElement: products.map((p, i) => ({
          "@type": "ListItem",
          position: i + 1,
          name: p.name,
          url: absoluteUrl(site.url, `/product/${p.slug}`),
        })),
      },
    }],
  };
}

/** The AMP category page: the category, its (and its sub-categories') products, and the total. */
export function renderAmpCategoryPage(site: AmpSite, category: Category, products: Product[], total: number) {
  return renderAmpDocument({
    site,
    head: ampCategoryHead(site, category, products, total),
    body: (
      <AmpLayout site={site}>
        <AmpCategoryView category={category} products={products} total={total} />
      </AmpLayout>
    ),
  });
}

/** The AMP page for a missing product or category; `canonicalPath` is the non-AMP path asked for. */
export function renderAmpNotFound(site: AmpSite, kind: keyof typeof AMP_NOT_FOUND, canonicalPath: string): string {
  return renderAmpDocument({
    site,
    head: {
      title: AMP_NOT_FOUND[kind].title,
      description: AMP_NOT_FOUND[kind].message,
      canonicalPath,
      noindex: true,
    },
    body: (
      <AmpLayout site={site}>
        <AmpNotFoundView kind={kind} />
      </AmpLayout>
    ),
  });
}
