/**
 * Draft, Featured, New and Archived badges of a product in the admin lists, and the line under a
 * product's name in those lists (its id, then the badges).
 */

const badge = "rounded-full px-2 py-0.5 text-[11px] font-semibold";

/** What the badges are drawn from. */
type BadgeFacts = { featured: boolean; isNew: boolean; archivedAt: Date | null; status: "draft" | "active" };

export function ProductBadges({ product }: { product: BadgeFacts }) {
  return (
    <>
      {product.status === "draft" ? <span className={`${badge} bg-violet-100 text-violet-900`}>Draft</span> : null}
      {product.featured ? <span className={`${badge} bg-amber-100 text-amber-900`}>Featured</span> : null}
      {product.isNew ? <span className={`${badge} bg-sky-100 text-sky-900`}>New</span> : null}
      {product.archivedAt ? <span className={`${badge} bg-stone-200 text-stone-700`}>Archived</span> : null}
    </>
  );
}

/**
 * "ID: 12" and the badges, on the line under the product's name in the product table and the
 * dashboard's pick list; `margin` is the gap above it, which each list sets to suit its name line.
 */
export function ProductIdLine({ product, margin }: { product: BadgeFacts & { id: number }; margin: string }) {
  return (
    <span className={`${margin} flex flex-wrap items-center gap-1.5 text-xs text-stone-500`}>
      ID: {product.id}
      <ProductBadges product={product} />
    </span>
  );
}
