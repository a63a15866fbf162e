/** Draft, Featured, New and Archived badges of a product in the admin lists. */

const badge = "rounded-full px-2 py-0.5 text-[11px] font-semibold";

export function ProductBadges(
  { product }: { product: { featured: boolean; isNew: boolean; archivedAt: Date | null; status: "draft" | "active" } },
) {
  return (
    <>
      {product.status === "draft" ? <span className={`${badge} bg-violet-100 text-violet-900`}>Draft</span> : null}
      {product.featured ? <span className={`${badge} bg-amber-100 text-amber-900`}>Featured</span> : null}
      {product.isNew ? <span className={`${badge} bg-sky-100 text-sky-900`}>New</span> : null}
      {product.archivedAt ? <span className={`${badge} bg-stone-200 text-stone-700`}>Archived</span> : null}
    </>
  );
}
