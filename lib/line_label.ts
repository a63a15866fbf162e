/** How an order line, a cart line or a parcel's line is named to people: the product, then its variant. */

/** "Heat mat 20W (Large)": the product's name with the variant's in brackets, or the name alone. */
export function lineLabel(l: { name: string; variantName: string | null }): string {
  return l.variantName ? `${l.name} (${l.variantName})` : l.name;
}
