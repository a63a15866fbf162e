/**
 * The body of /category/{slug}/amp: name, description, the count, and a grid of product cards
 * (200x200 image, name, price) linking to the product pages; an empty category says so and links
 * to the full category page.
 */
import "./elements.ts";
import type { Category, Product } from "../../domains/catalog/mod.ts";
import { placeholderPath } from "../../lib/placeholder.ts";
import { AmpBreadcrumbs, AmpImage, AmpPrice, sizedImage } from "./parts.tsx";

/** Image box of a product card. */
export const CARD_IMAGE = { width: 200, height: 200 } as const;

/** The category's description, or the spec's default sentence. */
export function ampCategoryDescription(category: Pick<Category, "name" | "description">): string {
  return category.description?.trim() ||
    `Shop our curated selection of ${category.name} for reptiles and amphibians...`;
}

export function productCountText(n: number): string {
  return n === 1 ? "1 product found" : `${n} products found`;
}

function ProductCard({ product: p }: { product: Product }) {
  const src = sizedImage(p.images[0] ?? placeholderPath(p.name), CARD_IMAGE.width * 2, CARD_IMAGE.height * 2);
  return (
    <a className="card" href={`/product/${p.slug}`}>
      <AmpImage src={src} alt={p.name} {...CARD_IMAGE} fallback />
      <div className="card-body">
        <h2 className="card-name">{p.name}</h2>
        {p.stock > 0 ? null : <p className="card-out">Out of Stock</p>}
        <AmpPrice priceCents={p.priceCents} salePriceCents={p.salePriceCents} />
      </div>
    </a>
  );
}

export function AmpCategoryView(
  { category, products, total }: { category: Category; products: Product[]; total: number },
) {
  return (
    <>
      <AmpBreadcrumbs items={[{ label: "All Categories", href: "/categories" }, { label: category.name }]} />
      <header className="cat-head">
        <h1 className="title">{category.name}</h1>
        <p>{ampCategoryDescription(category)}</p>
        <p className="count">{productCountText(total)}</p>
      </header>
      {products.length
        ? (
          <ul className="grid">
            {products.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )
        : (
          <div className="empty">
            <p>No products found in this category.</p>
            <a className="btn btn-primary" href={`/category/${category.slug}`}>View Full Category Page</a>
          </div>
        )}
    </>
  );
}
