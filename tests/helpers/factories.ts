/** Small builders for test data: a user, an address, a category, a product, a variant, with sensible defaults. */
import type { Db } from "../../db/client.ts";
import {
  addresses,
  categories,
  coupons,
  loyaltyRedemptions,
  loyaltyRewards,
  orderItems,
  orders,
  products,
  productVariants,
  users,
} from "../../db/schema/mod.ts";
import { redemptionCode } from "../../domains/loyalty/mod.ts";

let counter = 0;
const next = () => ++counter;

/**
 * A users row written directly (a customer unless `role` says otherwise). The e-mail follows the
 * username; the password is not a hash, so pass one when the test signs in.
 */
export async function createUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const username = values.username ?? `keeper${next()}`;
  const [row] = await db.insert(users).values({
    username,
    email: `${username}@example.co.za`,
    password: "not-a-real-hash",
    ...values,
  }).returning();
  return row;
}

/** The test customer's home: the default of {@link createAddress}, and an order's delivery address. */
export const homeAddress = {
  firstName: "Thandi",
  lastName: "Nkosi",
  addressLine1: "12 Jacaranda Street",
  city: "Pretoria",
  state: "Gauteng",
  postalCode: "0181",
};

/** {@link homeAddress} with the country and phone a delivery-address form sends. */
export const homeAddressForm = { ...homeAddress, country: "South Africa", phone: "0821234567" };

/** An address of `userId`: {@link homeAddress} unless `values` says otherwise. */
export async function createAddress(
  db: Db,
  userId: number,
  values: Partial<typeof addresses.$inferInsert> = {},
) {
  const [row] = await db.insert(addresses).values({ userId, ...homeAddress, ...values }).returning();
  return row;
}

export async function createCategory(
  db: Db,
  values: Partial<typeof categories.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db.insert(categories).values({
    name: `Category ${n}`,
    slug: `category-${n}`,
    position: n,
    ...values,
  }).returning();
  return row;
}

/** A category under `parent`, a level below it. */
export async function createSubcategory(
  db: Db,
  parent: { id: number; level: number },
  values: Partial<typeof categories.$inferInsert> = {},
) {
  return await createCategory(db, { parentId: parent.id, level: parent.level + 1, ...values });
}

export async function createProduct(
  db: Db,
  values: Partial<typeof products.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db.insert(products).values({
    name: `Product ${n}`,
    slug: `product-${n}`,
    sku: `SKU-${n}`,
    price: "100.00",
    stock: 10,
    ...values,
  }).returning();
  return row;
}

/** A product for each of `rows` ({@link createProduct}'s values), made one after another so ids follow the rows. */
export async function createProducts(db: Db, rows: Partial<typeof products.$inferInsert>[]) {
  const made = [];
  for (const values of rows) made.push(await createProduct(db, values));
  return made;
}

/** A coupon named `code`: 10% off, valid from now, unless `values` say otherwise. */
export async function createCoupon(db: Db, values: Partial<typeof coupons.$inferInsert> & { code: string }) {
  const [row] = await db.insert(coupons).values({
    description: values.code,
    type: "percentage",
    value: "10",
    ...values,
  })
    .returning();
  return row;
}

const WELCOME = "10% off your first order";

/** The tests' first-order coupon for {@link createCoupon}: WELCOME10, 10% off a first order, no use limit. */
export const WELCOME10 = { code: "WELCOME10", description: WELCOME, type: "first_time", firstTimeOnly: true } as const;

/** The demo seed's (seed/mod.ts) top-level category slugs, in menu order: what its tests expect to find. */
export const DEMO_TOP_CATEGORIES = [
  "enclosures-housing",
  "heating-lighting",
  "feeding-supplies",
  "substrate-bedding",
  "decor-enrichment",
  "health-hygiene",
];

/** The tests' free-shipping coupon: FREESHIP, free delivery from R500 of goods, 5 uses a customer. */
export const FREESHIP = {
  code: "FREESHIP",
  description: "Free shipping over R500",
  type: "free_shipping",
  value: "1",
  minOrderValue: "500.00",
  userLimit: 5,
} as const;

export async function createVariant(
  db: Db,
  productId: number,
  values: Partial<typeof productVariants.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db.insert(productVariants).values({
    productId,
    name: `Variant ${n}`,
    sku: `VAR-${n}`,
    price: "120.00",
    stock: 5,
    ...values,
  }).returning();
  return row;
}

/**
 * A redemption code of the user's for a new reward of this kind, as /loyalty issues one (30 days
 * valid, unused unless `over` says otherwise). Returns the code.
 */
export async function createRewardCode(
  db: Db,
  userId: number,
  reward: { discountType: string; discountValue: string },
  over: Partial<typeof loyaltyRedemptions.$inferInsert> = {},
): Promise<string> {
  const [row] = await db.insert(loyaltyRewards).values({
    code: `RW${crypto.randomUUID().slice(0, 8)}`,
    name: "Reward",
    pointsCost: 500,
    ...reward,
  }).returning();
  const code = redemptionCode();
  await db.insert(loyaltyRedemptions).values({
    userId,
    rewardId: row.id,
    pointsSpent: 500,
    code,
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
    ...over,
  });
  return code;
}

/** A guest's order of `lines`, paid a day ago and processing: sales for the restock plan and reports. */
export async function paidYesterday(db: Db, lines: { productId: number; variantId?: number; quantity: number }[]) {
  const [order] = await db.insert(orders).values({
    orderNumber: `RB-${crypto.randomUUID().slice(0, 8)}`,
    total: "100.00",
    status: "processing",
    paidAt: new Date(Date.now() - 24 * 3600_000),
  }).returning();
  await db.insert(orderItems).values(lines.map((l) => ({ orderId: order.id, name: "x", price: "10.00", ...l })));
}
