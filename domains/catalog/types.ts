/** Catalogue records as the rest of the code sees them: money in integer cents. */

export interface CategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface Category extends CategoryRef {
  description: string | null;
  image: string | null;
  parentId: number | null;
  level: number;
  position: number;
  /** Products in this category and its sub-categories. */
  productCount: number;
}

export interface Product {
  id: number;
  name: string;
  slug: string;
  sku: string;
  brand: string | null;
  description: string;
  metaTitle: string | null;
  metaDescription: string | null;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  /** Low on stock at this many units or fewer; null: the shop's LOW_STOCK (decision 0105). Staff only. */
  lowStockAt: number | null;
  /** The fewest units of any of its variants (pre-orders left out); null without variants (decision 0111). Staff only. */
  lowestVariantStock: number | null;
  images: string[];
  /** Alt text of images by URL (staff write it); an image without one is described by the product's name. */
  imageAlts: Record<string, string>;
  /** Option types whose combinations are the variants (Size: Small, Large); empty when none (decision 0070). */
  options: { name: string; values: string[] }[];
  categoryId: number | null;
  category: CategoryRef | null;
  /** True when the product is sold as variants (a size or wattage must be chosen). */
  hasVariants: boolean;
  featured: boolean;
  isNew: boolean;
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  pudoEligible: boolean;
  gtin: string | null;
  mpn: string | null;
  /** Set when staff archived the product (it is then off the storefront). */
  archivedAt: Date | null;
  /** `draft`: saved and seen by staff only, never by shoppers; `active`: on the storefront unless archived. */
  status: "draft" | "active";
  createdAt: Date;
  updatedAt: Date;
}

export interface Variant {
  id: number;
  productId: number;
  name: string;
  sku: string;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  dimensions: string | null;
  preorder: boolean;
  preorderDiscount: number | null;
  regularDiscount: number | null;
  /** YYYY-MM-DD */
  arrivalDate: string | null;
  /** Its value of each of the product's options, in their order; null for a variant outside the matrix. */
  optionValues: string[] | null;
}

export interface ProductWithVariants extends Product {
  variants: Variant[];
}

/** What the shopper pays: the sale price when there is one, else the price. */
export function effectivePriceCents(p: { priceCents: number; salePriceCents: number | null }) {
  return p.salePriceCents ?? p.priceCents;
}
