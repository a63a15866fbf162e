/**
 * Seeds the demo shop: categories, products with variants, coupons, loyalty rewards and (when asked,
 * as SEED_DEMO=true does whatever NODE_ENV is) demo accounts. Idempotent: every insert skips rows
 * that already exist.
 */
import { count, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { addresses, categories, coupons, loyaltyRewards, products, productVariants, users } from "../db/schema/mod.ts";
import { hashPassword } from "../domains/auth/mod.ts";
import { placeholderPath } from "../lib/placeholder.ts";
import { seedCategories, seedProducts } from "./catalog_data.ts";
import { demoAccounts, demoCoupons, demoRewards } from "./demo.ts";
import { seedAnimals } from "./animals.ts";

const money = (n: number | undefined) => (n === undefined ? null : n.toFixed(2));
const decimal = (n: number | undefined) => (n === undefined ? null : String(n));

/** True when the database holds no catalogue yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(categories);
  return n === 0;
}

export interface SeedResult {
  categories: number;
  products: number;
  accounts: typeof demoAccounts;
}

export async function seedDemo(db: Db, opts: { withAccounts: boolean }): Promise<SeedResult> {
  // Hash outside the transaction: argon2 is slow and PGlite has one connection.
  const accounts = opts.withAccounts ? demoAccounts : [];
  const hashes = await Promise.all(accounts.map((a) => hashPassword(a.password)));
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(
      seedCategories.filter((c) => !c.parentSlug).map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        position: c.position,
        level: 1,
      })),
    ).onConflictDoNothing();
    const parents = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const parentId = new Map(parents.map((p) => [p.slug, p.id]));
    await tx.insert(categories).values(
      seedCategories.filter((c) => c.parentSlug).map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        position: c.position,
        level: 2,
        parentId: parentId.get(c.parentSlug!) ?? null,
      })),
    ).onConflictDoNothing();
    const all = await tx.select({ id: categories.id, slug: categories.slug }).from(categories);
    const categoryId = new Map(all.map((c) => [c.slug, c.id]));

    await tx.insert(products).values(seedProducts.map((p, i) => ({
      name: p.name,
      slug: p.slug,
      sku: p.sku,
      brand: p.brand,
      categoryId: categoryId.get(p.categorySlug) ?? null,
      description: p.description,
      metaDescription: p.metaDescription ?? null,
      price: money(p.price)!,
      salePrice: money(p.salePrice),
      stock: p.stock,
      lowStockAt: p.lowStockAt ?? null,
      featured: p.featured ?? false,
      isNew: p.isNew ?? false,
      weight: decimal(p.weight),
      length: decimal(p.length),
      width: decimal(p.width),
      height: decimal(p.height),
      pudoEligible: p.pudoEligible ?? true,
      fbGtin: p.gtin ?? null,
      fbMpn: p.mpn ?? null,
      images: Array.from({ length: p.imageCount ?? 1 }, (_, v) => placeholderPath(p.name, v + 1)),
      // Spread creation times so "newest" has a stable, meaningful order.
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000),
    }))).onConflictDoNothing();

    const withVariants = seedProducts.filter((p) => p.variants?.length);
    if (withVariants.length) {
      const rows = await tx.select({ id: products.id, slug: products.slug }).from(products)
        .where(inArray(products.slug, withVariants.map((p) => p.slug)));
      const productId = new Map(rows.map((r) => [r.slug, r.id]));
      await tx.insert(productVariants).values(withVariants.flatMap((p) =>
        p.variants!.map((v) => ({
          productId: productId.get(p.slug)!,
          name: v.name,
          sku: v.sku,
          price: money(v.price)!,
          salePrice: money(v.salePrice),
          stock: v.stock,
          dimensions: v.dimensions ?? null,
          preorder: v.preorder ?? false,
          preorderDiscount: decimal(v.preorderDiscount),
          arrivalDate: v.arrivalDate ?? null,
        }))
      )).onConflictDoNothing();
    }

    await seedAnimals(tx);
    await tx.insert(coupons).values(demoCoupons).onConflictDoNothing();
    await tx.insert(loyaltyRewards).values(demoRewards).onConflictDoNothing();
    if (accounts.length) {
      const created = await tx.insert(users).values(accounts.map((a, i) => ({
        username: a.username,
        email: a.email,
        password: hashes[i],
        firstName: a.firstName,
        lastName: a.lastName,
        role: a.role,
      }))).onConflictDoNothing().returning({ id: users.id, username: users.username });
      // The demo customer has a default address, so the first demo checkout goes straight through.
      for (const user of created) {
        const home = accounts.find((a) => a.username === user.username)?.address;
        if (!home) continue;
        const [address] = await tx.insert(addresses).values({ ...home, userId: user.id, isDefault: true })
          .returning({ id: addresses.id });
        await tx.update(users).set({ defaultShippingAddressId: address.id, defaultBillingAddressId: address.id })
          .where(eq(users.id, user.id));
      }
    }
  });
  const [{ n: productCount }] = await db.select({ n: count() }).from(products);
  const [{ n: categoryCount }] = await db.select({ n: count() }).from(categories);
  return { categories: categoryCount, products: productCount, accounts };
}

/** Whether the demo accounts exist (they are printed at start only if so). */
export async function demoAccountsPresent(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, demoAccounts[0].username));
  return !!row;
}

export { demoAccounts };
