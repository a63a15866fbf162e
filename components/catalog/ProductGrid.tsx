/** A responsive grid of product cards, with the empty message when there are none. */
import { ProductCard, type ProductCardData } from "./ProductCard.tsx";

export function ProductGrid(
  { products, empty = "No products found.", highlight }: {
    products: ProductCardData[];
    empty?: string;
    /** Search terms to mark in product names. */
    highlight?: string[];
  },
) {
  if (!products.length) {
    return (
      <p className="rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center text-stone-600">
        {empty}
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} highlight={highlight} />
        </li>
      ))}
    </ul>
  );
}
