/** Shapes of the demo catalogue data. Prices are rand amounts as a person writes them (1299.99). */

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** Sub-categories name their parent; top-level categories have none. */
  parentSlug?: string;
  /** Display order (header, home, /categories). */
  position: number;
}

export interface SeedVariant {
  name: string;
  sku: string;
  price: number;
  salePrice?: number;
  stock: number;
  dimensions?: string;
  preorder?: boolean;
  /** Percent off for ordering ahead, e.g. 10. */
  preorderDiscount?: number;
  /** YYYY-MM-DD. */
  arrivalDate?: string;
}

export interface SeedProduct {
  name: string;
  slug: string;
  sku: string;
  brand: string;
  categorySlug: string;
  description: string;
  metaDescription?: string;
  price: number;
  salePrice?: number;
  stock: number;
  /** Its own low-stock alert (decision 0105); absent: the shop's 5. */
  lowStockAt?: number;
  featured?: boolean;
  isNew?: boolean;
  /** kg */
  weight?: number;
  /** cm */
  length?: number;
  width?: number;
  height?: number;
  pudoEligible?: boolean;
  gtin?: string;
  mpn?: string;
  /** How many generated gallery images (1-3). */
  imageCount?: number;
  variants?: SeedVariant[];
}
