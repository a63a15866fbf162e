/** The Wishlist tab: the saved products (name, price, link), or an empty state. */
import type { WishlistEntry } from "../../flows/account_overview.ts";
import { HeartIcon } from "../ui/icons.tsx";
import { PriceTag } from "../catalog/PriceTag.tsx";
import { ProductImage } from "../catalog/ProductImage.tsx";
import { AccountCard, AccountEmpty } from "./AccountShell.tsx";

export function AccountWishlistPanel({ items }: { items: WishlistEntry[] }) {
  return (
    <AccountCard
      id="wishlist"
      title="Wishlist"
      description={items.length
        ? `${items.length} saved product${items.length === 1 ? "" : "s"}.`
        : "Products you save for later appear here."}
    >
      {items.length
        ? (
          <ul className="grid gap-4 sm:grid-cols-2" data-wishlist>
            {items.map((item) => (
              <li
                key={item.productId}
                className="group flex gap-4 rounded-xl border border-stone-200 p-3 hover:border-green-700/40"
              >
                <a href={`/product/${item.slug}`} className="shrink-0" tabIndex={-1} aria-hidden="true">
                  <ProductImage
                    src={item.image}
                    name={item.name}
                    width={96}
                    height={96}
                    className="h-20 w-20 rounded-lg"
                  />
                </a>
                <div className="flex min-w-0 flex-col">
                  <a
                    href={`/product/${item.slug}`}
                    className="line-clamp-3 text-sm font-semibold text-stone-900 group-hover:text-green-900 hover:underline"
                  >
                    {item.name}
                  </a>
                  <div className="mt-1">
                    <PriceTag priceCents={item.priceCents} salePriceCents={item.salePriceCents} />
                  </div>
                  <p
                    className={`mt-auto pt-1 text-xs font-medium ${item.inStock ? "text-green-800" : "text-stone-500"}`}
                  >
                    {item.inStock ? "In stock" : "Out of stock"}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )
        : (
          <AccountEmpty
            icon={<HeartIcon className="h-6 w-6" />}
            title="Your wishlist is empty"
            text="Tap the heart on a product to save it here for later."
            href="/products"
            cta="Browse products"
          />
        )}
    </AccountCard>
  );
}
