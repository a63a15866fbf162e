/** The home page's recommendation row: 'Recommended for you' for a signed-in customer, 'Trending Now' for visitors. */
import type { ProductCardData } from "../catalog/ProductCard.tsx";
import { ProductGrid } from "../catalog/ProductGrid.tsx";

export interface HomePicksData {
  title: "Recommended for you" | "Trending Now";
  products: ProductCardData[];
}

export function HomePicks({ picks }: { picks: HomePicksData }) {
  if (!picks.products.length) return null;
  return (
    <section aria-labelledby="home-picks-heading">
      <h2 id="home-picks-heading" className="mb-6 text-2xl font-bold tracking-tight text-stone-900">{picks.title}</h2>
      <ProductGrid products={picks.products} />
    </section>
  );
}
