/**
 * The Specifications table: SKU, brand (or N/A), stock, weight and dimensions of the shown choice. The
 * cells that depend on the variant carry data-spec so the buy box can rewrite them when the shopper chooses
 * another variant.
 */
import { type BuyChoice, formatDecimal, stockUnits } from "./ProductChoice.tsx";

export function ProductSpecs(
  { choice, brand, weightKg, anyDimensions }: {
    /** The choice the server shows (the default variant, or the product itself). */
    choice: BuyChoice;
    brand: string | null;
    weightKg: number | null;
    /** Whether any choice has dimensions: then the row exists and is hidden for choices without. */
    anyDimensions: boolean;
  },
) {
  const th = "w-40 py-2.5 pr-4 text-left align-top font-medium text-stone-500";
  return (
    <table className="w-full max-w-xl text-sm" data-product-specs>
      <tbody className="divide-y divide-stone-100">
        <tr>
          <th scope="row" className={th}>SKU</th>
          <td className="py-2.5 font-mono text-stone-900" data-spec="sku">{choice.sku}</td>
        </tr>
        <tr>
          <th scope="row" className={th}>Brand</th>
          <td className="py-2.5 text-stone-900" data-spec="brand">{brand || "N/A"}</td>
        </tr>
        <tr>
          <th scope="row" className={th}>Stock</th>
          <td className="py-2.5 text-stone-900" data-spec="stock">{stockUnits(choice)}</td>
        </tr>
        {weightKg !== null
          ? (
            <tr>
              <th scope="row" className={th}>Weight</th>
              <td className="py-2.5 text-stone-900" data-spec="weight">{formatDecimal(weightKg)} kg</td>
            </tr>
          )
          : null}
        {anyDimensions
          ? (
            <tr data-spec-row="dimensions" hidden={!choice.dimensions}>
              <th scope="row" className={th}>Dimensions</th>
              <td className="py-2.5 text-stone-900" data-spec="dimensions">{choice.dimensions ?? ""}</td>
            </tr>
          )
          : null}
      </tbody>
    </table>
  );
}
