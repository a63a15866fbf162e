/**
 * The product page's recommendation sections: Similar Products and Frequently Bought Together, the
 * second with an 'Add all to cart' form (a plain form post: works with and without JavaScript).
 * Also mounts the view tracker. A section with no products is left out.
 */
import { Island } from "../../lib/islands.tsx";
import ViewTracker from "../../islands/ViewTracker.tsx";
import { formatMoney } from "../../lib/money.ts";
import type { ProductCardData } from "../catalog/ProductCard.tsx";
import { ProductGrid } from "../catalog/ProductGrid.tsx";

export function ProductRecommendations(
  { productId, similar, boughtTogether }: {
    productId: number;
    similar: ProductCardData[];
    boughtTogether: ProductCardData[];
  },
) {
  const buyable = boughtTogether.filter((p) => p.stock > 0 || p.hasVariants);
  const total = buyable.reduce((sum, p) => sum + (p.salePriceCents ?? p.priceCents), 0);
  return (
    <>
      <Island name="ViewTracker" component={ViewTracker} props={{ productId }} />
      {similar.length
        ? (
          <section className="mt-12" aria-labelledby="similar-heading">
            <h2 id="similar-heading" className="mb-4 text-2xl font-bold">Similar Products</h2>
            <ProductGrid products={similar} />
          </section>
        )
        : null}
      {boughtTogether.length
        ? (
          <section className="mt-12" aria-labelledby="bought-together-heading">
            <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
              <h2 id="bought-together-heading" className="text-2xl font-bold">Frequently Bought Together</h2>
              {buyable.length
                ? (
                  <form method="post" action="/recommendations/add-to-cart" className="flex items-center gap-3">
                    <input type="hidden" name="from" value={String(productId)} />
                    {buyable.map((p) => <input key={p.id} type="hidden" name="productId" value={String(p.id)} />)}
                    <span className="text-sm text-stone-600">
                      {buyable.length} items · <strong className="text-stone-900">{formatMoney(total)}</strong>
                    </span>
                    <button
                      type="submit"
                      className="rounded-lg bg-green-800 px-4 py-2 text-sm font-semibold text-white hover:bg-green-900"
                    >
                      Add all to cart
                    </button>
                  </form>
                )
                : null}
            </div>
            <ProductGrid products={boughtTogether} />
          </section>
        )
        : null}
    </>
  );
}
