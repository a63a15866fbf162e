/** A product tile used in grids and the carousel. Props are plain JSON so islands can render it. */
import { ProductImage } from "./ProductImage.tsx";
import { PriceTag } from "./PriceTag.tsx";
import { Highlight } from "./Highlight.tsx";
import { Badges } from "./Badges.tsx";

export interface ProductCardData {
  id: number;
  name: string;
  slug: string;
  brand: string | null;
  priceCents: number;
  salePriceCents: number | null;
  image: string | null;
  isNew: boolean;
  stock: number;
  hasVariants: boolean;
}

/** Picks the fields a card needs from a catalogue product (only these: they travel as island props). */
export function toCardData(p: Omit<ProductCardData, "image"> & { images: string[] }): ProductCardData {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    brand: p.brand,
    priceCents: p.priceCents,
    salePriceCents: p.salePriceCents,
    image: p.images[0] ?? null,
    isNew: p.isNew,
    stock: p.stock,
    hasVariants: p.hasVariants,
  };
}

/** `highlight`: search terms to mark in the name. */
export function ProductCard({ product, highlight }: { product: ProductCardData; highlight?: string[] }) {
  const href = `/product/${product.slug}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      <a href={href} className="relative block" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={product.image}
          name={product.name}
          className="aspect-square w-full"
          width={320}
          height={320}
          sizes="(min-width: 1024px) 320px, (min-width: 640px) 33vw, 50vw"
        />
        <Badges isNew={product.isNew} onSale={product.salePriceCents !== null} />
      </a>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {product.brand
          ? <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">{product.brand}</p>
          : null}
        <h3 className="line-clamp-2 text-sm font-semibold text-stone-900">
          <a href={href} className="hover:text-green-800 focus-visible:outline-2">
            <Highlight text={product.name} terms={highlight} />
          </a>
        </h3>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <PriceTag priceCents={product.priceCents} salePriceCents={product.salePriceCents} />
          {product.stock > 0
            ? null
            : (
              <span className="rounded bg-stone-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-stone-600">
                Out of stock
              </span>
            )}
        </div>
        <CardAction product={product} href={href} />
      </div>
    </article>
  );
}

/**
 * Add to Cart for a simple product in stock (a plain form: client/cart.ts sends it without a reload);
 * products sold in sizes or wattages, and out-of-stock ones, lead to the product page.
 */
function CardAction({ product, href }: { product: ProductCardData; href: string }) {
  const secondary =
    "mt-3 block rounded-lg border border-stone-300 px-3 py-2 text-center text-sm font-semibold text-stone-800 hover:bg-stone-100";
  if (product.hasVariants) return <a href={href} className={secondary}>Choose options</a>;
  if (product.stock <= 0) return <a href={href} className={secondary}>Notify me</a>;
  return (
    <form method="post" action="/cart" data-cart-add className="mt-3">
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        className="w-full rounded-lg bg-green-800 px-3 py-2 text-sm font-semibold text-white hover:bg-green-900 disabled:opacity-60"
      >
        {/* The accessible name starts with the visible text (WCAG 2.5.3 label in name) and says which product. */}
        Add to Cart<span className="sr-only">: {product.name}</span>
      </button>
    </form>
  );
}
