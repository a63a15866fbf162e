/**
 * A large generated catalogue for load and query-plan work (`deno task seed:large`): products made
 * from the demo catalogue's own vocabulary (its product kinds, brands, sizes and descriptions), so
 * search words, categories and prices look like the real shop's, only many more of them.
 *
 * Deterministic: product number n is always the same product, so a top-up from 10,000 to 100,000
 * adds exactly the products a fresh 100,000 run would have, and figures compare between machines.
 */
import { count, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, products, productVariants } from "../db/schema/mod.ts";
import { placeholderPath } from "../lib/placeholder_path.ts";
import { slugify } from "../lib/slug.ts";
import { seedProducts } from "./catalog_data.ts";
import type { SeedProduct } from "./types.ts";

/** Every brand of the demo catalogue, plus the stores' own labels. */
const BRANDS = [...new Set(seedProducts.map((p) => p.brand))];

/** A demo product's name without its brand in front: the kind of product ("Glass Terrarium 30x30x45"). */
function kindOf(p: SeedProduct): string {
  return p.name.startsWith(p.brand) ? p.name.slice(p.brand.length).trim() : p.name;
}

/** Range names that set otherwise equal products apart, as real catalogues do. */
const LINES = ["", "Pro", "Classic", "Mini", "XL", "Deluxe", "Eco", "Plus", "Compact", "Premium", "Max", "Lite"];

/** Sizes by what the kind of product is measured in; the demo catalogue's variant names come first. */
const WATTAGES = ["25W", "40W", "50W", "60W", "75W", "100W", "150W", "160W"];
const VOLUMES = ["100ml", "250ml", "500ml", "1L", "2L", "5L"];
const WEIGHTS = ["50g", "100g", "250g", "500g", "1kg", "4kg", "8kg"];
const DIMENSIONS = ["30x30x45", "45x45x60", "60x45x45", "90x45x45", "90x45x60", "120x60x60"];

function sizesFor(p: SeedProduct): string[] {
  const fromVariants = (p.variants ?? []).map((v) => v.name.replace(/\s*\(pre-order\)$/, ""));
  const text = `${p.name} ${p.description}`.toLowerCase();
  const extra = /\b(lamp|bulb|emitter|heater|tube|uvb|mat)\b/.test(text)
    ? WATTAGES
    : /\b(spray|cleaner|disinfectant|liquid|drops|solution)\b/.test(text)
    ? VOLUMES
    : /\b(terrarium|enclosure|cage|tub|box|stand)\b/.test(text)
    ? DIMENSIONS
    : WEIGHTS;
  return [...new Set([...fromVariants, ...extra])];
}

/** mulberry32: a small, fast, seeded PRNG; one per product number keeps every product reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A rand amount ending in .99 or .00, as shop prices do. */
function shopPrice(rand: number, r: () => number): number {
  const whole = Math.max(19, Math.round(rand));
  return r() < 0.7 ? whole - 0.01 : whole;
}

export type LargeProduct = typeof products.$inferInsert;
export interface LargeVariant {
  /** The product's SKU: variants are attached after the products get their ids. */
  productSku: string;
  row: Omit<typeof productVariants.$inferInsert, "productId">;
}

/**
 * Product number `n` (0-based) of the large catalogue, with its variants. `categoryId` maps a demo
 * category slug to its id.
 */
export function largeProduct(n: number, categoryId: Map<string, number>): {
  product: LargeProduct;
  variants: LargeVariant[];
} {
  const r = random(n * 2654435761 + 1);
  const base = seedProducts[n % seedProducts.length];
  const brand = r() < 0.5 ? base.brand : BRANDS[Math.floor(r() * BRANDS.length)];
  const line = LINES[Math.floor(r() * LINES.length)];
  const sizes = sizesFor(base);
  const size = sizes[Math.floor(r() * sizes.length)];
  const name = [brand, line, kindOf(base), size].filter(Boolean).join(" ").slice(0, 180);
  const sku = `LG-${String(n).padStart(7, "0")}`;
  const price = shopPrice(base.price * (0.5 + r() * 1.5), r);
  const onSale = r() < 0.15;
  const salePrice = onSale ? shopPrice(price * (0.7 + r() * 0.2), r) : null;
  // About one in twelve sold out, a few low, the rest in stock.
  const stockRoll = r();
  const stock = stockRoll < 0.08 ? 0 : stockRoll < 0.15 ? 1 + Math.floor(r() * 5) : 6 + Math.floor(r() * 120);
  const product: LargeProduct = {
    name,
    slug: `${slugify(name).slice(0, 190)}-${n}`,
    sku,
    brand,
    categoryId: categoryId.get(base.categorySlug) ?? null,
    description: base.description,
    metaDescription: base.metaDescription ?? null,
    price: price.toFixed(2),
    salePrice: salePrice === null ? null : salePrice.toFixed(2),
    stock,
    featured: r() < 0.02,
    isNew: r() < 0.05,
    weight: base.weight === undefined ? null : String(base.weight),
    pudoEligible: base.pudoEligible ?? true,
    images: [placeholderPath(name)],
    // One a minute, starting after the demo catalogue's last product: "newest" has a stable order.
    createdAt: new Date(Date.UTC(2026, 6, 1) + n * 60_000),
    // A few archived: the storefront must keep leaving them out at scale too.
    archivedAt: r() < 0.01 ? new Date(Date.UTC(2026, 9, 1)) : null,
  };
  const variants: LargeVariant[] = [];
  if (r() < 0.1 && sizes.length > 1) {
    const k = 2 + Math.floor(r() * Math.min(3, sizes.length - 1));
    for (let v = 0; v < k; v++) {
      const vPrice = price * (1 + v * 0.25);
      variants.push({
        productSku: sku,
        row: {
          name: sizes[(sizes.indexOf(size) + v) % sizes.length],
          sku: `${sku}-V${v + 1}`,
          price: vPrice.toFixed(2),
          stock: v === 0 ? stock : Math.floor(r() * 30),
        },
      });
    }
  }
  return { product, variants };
}

export interface LargeSeedResult {
  before: number;
  added: number;
  variants: number;
  after: number;
  ms: number;
}

/** Rows per INSERT: 1,000 products x 18 columns stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/**
 * Tops the catalogue up to `target` products (counting every product, demo ones included): adds
 * the large catalogue's products numbered from the current count. Nothing happens when there are
 * already `target` or more. Needs the demo categories (seedDemo first). Ends with VACUUM ANALYZE so
 * the planner sees the new size at once.
 */
export async function seedLarge(
  db: Db,
  target: number,
  progress: (done: number, total: number) => void = () => {},
): Promise<LargeSeedResult> {
  const started = performance.now();
  const [{ n: before }] = await db.select({ n: count() }).from(products);
  const cats = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  if (!cats.length) throw new Error("no categories: seed the demo shop first");
  const categoryId = new Map(cats.map((c) => [c.slug, c.id]));
  let variantCount = 0;
  for (let from = before; from < target; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, target - from) }, (_, i) => largeProduct(from + i, categoryId));
    await db.transaction(async (tx) => {
      const ids = await tx.insert(products).values(batch.map((b) => b.product))
        .returning({ id: products.id, sku: products.sku });
      const idOf = new Map(ids.map((p) => [p.sku, p.id]));
      const variants = batch.flatMap((b) => b.variants.map((v) => ({ ...v.row, productId: idOf.get(v.productSku)! })));
      if (variants.length) await tx.insert(productVariants).values(variants);
      variantCount += variants.length;
    });
    progress(Math.min(from + BATCH, target) - before, target - before);
  }
  // VACUUM too: it marks the pages all-visible, which lets counts and facets read indexes alone.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
  await db.execute(sql`analyze categories`);
  const [{ n: after }] = await db.select({ n: count() }).from(products);
  return { before, added: after - before, variants: variantCount, after, ms: Math.round(performance.now() - started) };
}
