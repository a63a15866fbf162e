/** The NEW and SALE badges over a product's image (cards and the product page's gallery). */
export function Badges({ isNew, onSale }: { isNew: boolean; onSale: boolean }) {
  if (!isNew && !onSale) return null;
  return (
    <span className="absolute top-2 left-2 flex gap-1">
      {isNew ? <span className="rounded bg-green-700 px-2 py-0.5 text-xs font-bold text-white">NEW</span> : null}
      {onSale ? <span className="rounded bg-red-600 px-2 py-0.5 text-xs font-bold text-white">SALE</span> : null}
    </span>
  );
}
