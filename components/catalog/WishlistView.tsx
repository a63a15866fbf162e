/** The wishlist page: saved products with a remove button each. */
import { ProductCard, type ProductCardData } from "./ProductCard.tsx";

export function WishlistView({ products }: { products: ProductCardData[] }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">My Wishlist</h1>
      {products.length
        ? (
          <>
            {/* The cards' names are h3s (as on every product grid): the level between keeps the outline whole. */}
            <h2 className="sr-only">Saved products</h2>
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4">
              {products.map((p) => (
                <li key={p.id} className="flex flex-col gap-2">
                  <ProductCard product={p} />
                  <form method="post" action={`/wishlist/${p.id}/remove`}>
                    <button
                      type="submit"
                      className="w-full text-sm font-medium text-red-700 hover:underline"
                      aria-label={`Remove from wishlist: ${p.name}`}
                    >
                      Remove from wishlist
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          </>
        )
        : (
          <div className="mt-10 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center">
            <p className="text-lg font-semibold">Your wishlist is empty</p>
            <p className="mt-2 text-stone-600">Save products you are considering and come back to them later.</p>
            <a
              href="/products"
              className="mt-6 inline-block rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
            >
              Browse products
            </a>
          </div>
        )}
    </div>
  );
}
