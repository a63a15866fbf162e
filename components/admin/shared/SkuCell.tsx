/** A stock-keeping unit in an admin table: the product's name linked to its page, then its variant and SKU. */
export function SkuCell(
  { productId, name, variantName, sku }: { productId: number; name: string; variantName: string | null; sku: string },
) {
  return (
    <span>
      <a href={`/admin/products/${productId}`} className="font-semibold text-green-800 hover:underline">{name}</a>
      <span className="block text-xs text-stone-500">
        {variantName ? `${variantName} · ` : ""}
        <span className="font-mono">{sku}</span>
      </span>
    </span>
  );
}
