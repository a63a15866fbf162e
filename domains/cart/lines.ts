/**
 * Reading a cart's lines, each priced from the database (sale, option and pre-order prices), and
 * the header badge's count. Both run on nearly every request, so they are prepared queries.
 */
import { asc, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { cartItems, categories, products, productVariants } from "../../db/schema/mod.ts";
import { chargedPriceCents, maxQuantity } from "../catalog/pricing.ts";
import { pricedRow, variantPriceColumns } from "../catalog/stored_prices.ts";
import type { PricedLine } from "../coupons/mod.ts";
import type { CartLine, CartOwner } from "./types.ts";

/** A cart line's columns: only what pricing and the cart show (not the product's description). */
function linesQuery(db: Db, owner: "user" | "session") {
  return db.select({
    item: {
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
    },
    product: {
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      brand: products.brand,
      images: products.images,
      categoryId: products.categoryId,
      pudoEligible: products.pudoEligible,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
    },
    variant: {
      id: productVariants.id,
      name: productVariants.name,
      sku: productVariants.sku,
      stock: productVariants.stock,
      ...variantPriceColumns,
    },
    parentCategoryId: categories.parentId,
  }).from(cartItems)
    .innerJoin(products, eq(cartItems.productId, products.id))
    .leftJoin(productVariants, eq(cartItems.variantId, productVariants.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(
      owner === "user"
        ? eq(cartItems.userId, sql.placeholder("owner"))
        : eq(cartItems.sessionId, sql.placeholder("owner")),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

// Prepared (db/prepared.ts): the cart is read on every cart request and up to twice in placement.
const linesOfUser = preparedQuery((db) => linesQuery(db, "user").prepare("cart_lines_user"));
const linesOfSession = preparedQuery((db) => linesQuery(db, "session").prepare("cart_lines_session"));

/** The owner's lines, oldest first, each priced as it would be charged now. */
export async function loadLines(db: Db, owner: CartOwner): Promise<CartLine[]> {
  const rows = "userId" in owner
    ? await linesOfUser(db).execute({ owner: owner.userId })
    : await linesOfSession(db).execute({ owner: owner.sessionId });
  return rows.map(({ item, product, variant, parentCategoryId }) => {
    const priced = pricedRow(variant ?? product);
    const unit = chargedPriceCents(priced);
    return {
      id: item.id,
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
      product: {
        name: product.name,
        slug: product.slug,
        sku: variant?.sku ?? product.sku,
        brand: product.brand,
        image: product.images[0] ?? null,
        variantName: variant?.name ?? null,
        categoryId: product.categoryId,
        parentCategoryId: parentCategoryId ?? null,
        pudoEligible: product.pudoEligible,
        preorder: priced.preorder,
        maxQuantity: maxQuantity({ preorder: priced.preorder, stock: variant?.stock ?? product.stock }),
      },
      unitPriceCents: unit,
      regularUnitPriceCents: unit !== priced.priceCents ? priced.priceCents : null,
      lineTotalCents: unit * item.quantity,
    };
  });
}

/** The lines as the coupon rules read them. */
export function pricedLines(lines: CartLine[]): PricedLine[] {
  return lines.map((l) => ({
    productId: l.productId,
    categoryId: l.product.categoryId,
    parentCategoryId: l.product.parentCategoryId,
    unitPriceCents: l.unitPriceCents,
    quantity: l.quantity,
  }));
}

const countOfUser = preparedQuery((db) =>
  db.select({ n: sum(cartItems.quantity) }).from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder("owner"))).prepare("cart_count_user")
);
const countOfSession = preparedQuery((db) =>
  db.select({ n: sum(cartItems.quantity) }).from(cartItems)
    .where(eq(cartItems.sessionId, sql.placeholder("owner"))).prepare("cart_count_session")
);

/** Total quantity in the cart, for the header badge (on every page: a prepared query). */
export async function cartItemCount(db: Db, owner: CartOwner): Promise<number> {
  const [row] = "userId" in owner
    ? await countOfUser(db).execute({ owner: owner.userId })
    : await countOfSession(db).execute({ owner: owner.sessionId });
  return Number(row?.n ?? 0);
}
