/**
 * Test-only builders for the accounts tests (domain, HTTP and browser): a customer with a row in
 * every table that holds personal data, and orders inserted directly.
 */
import type { Db } from "../../db/client.ts";
import {
  browsingHistory,
  cartItems,
  cartReminders,
  emailOutbox,
  keeperAnimals,
  loyaltyLedger,
  loyaltyRedemptions,
  loyaltyRewards,
  newsletterSubscriptions,
  orderItems,
  orders,
  passwordResetTokens,
  products,
  referrals,
  reminderPreferences,
  reviewReplies,
  reviews,
  reviewVotes,
  species,
  stockNotifications,
  users,
  wishlistItems,
} from "../../db/schema/mod.ts";
import { createSession, hashToken, registerUser, type SessionUser } from "../auth/mod.ts";
import { createAddress, homeAddress } from "../../tests/helpers/factories.ts";
import { eq } from "drizzle-orm";
import { seedSpecies } from "../../seed/species.ts";
import { speciesRow } from "../../seed/animals.ts";

export const PASSWORD = "Gecko-Keeper1";

let counter = 0;

/** Registers a customer through the auth domain (argon2id hash, lower-case e-mail). */
export async function createCustomer(
  db: Db,
  values: { username?: string; email?: string; firstName?: string; lastName?: string } = {},
): Promise<SessionUser> {
  const n = ++counter;
  return await registerUser(db, {
    username: values.username ?? `keeper_${n}`,
    email: values.email ?? `keeper${n}@example.co.za`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: values.firstName ?? "Thandi",
    lastName: values.lastName ?? "Nkosi",
    acceptTerms: true,
  });
}

async function product(db: Db, name: string, price = "249.00", salePrice: string | null = null) {
  const n = ++counter;
  const [row] = await db.insert(products).values({
    name,
    slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${n}`,
    sku: `ACC-${n}`,
    price,
    salePrice,
    stock: 5,
  }).returning();
  return row;
}

/** Inserts an order with its lines (amounts in rand, as numeric strings). */
export async function insertOrder(
  db: Db,
  userId: number,
  values: {
    orderNumber?: string;
    status?: (typeof orders.$inferInsert)["status"];
    createdAt?: Date;
    items?: { name: string; price: string; quantity: number; productId?: number | null }[];
    shipping?: string;
  } = {},
) {
  const n = ++counter;
  const items = values.items ?? [{ name: "Exo Terra Heat Mat", price: "299.00", quantity: 1 }];
  const subtotal = items.reduce((s, i) => s + Math.round(Number(i.price) * 100) * i.quantity, 0);
  const shipping = Math.round(Number(values.shipping ?? "0") * 100);
  const total = ((subtotal + shipping) / 100).toFixed(2);
  const [order] = await db.insert(orders).values({
    userId,
    orderNumber: values.orderNumber ?? `RB-${1732240000000 + n}`,
    status: values.status ?? "pending",
    subtotal: (subtotal / 100).toFixed(2),
    shippingCost: (shipping / 100).toFixed(2),
    total,
    shippingAddress: { ...homeAddress, country: "South Africa" },
    paymentMethod: "stripe",
    createdAt: values.createdAt ?? new Date(),
  }).returning();
  await db.insert(orderItems).values(items.map((i) => ({
    orderId: order.id,
    productId: i.productId ?? null,
    name: i.name,
    price: i.price,
    quantity: i.quantity,
  })));
  return order;
}

/** Fills every table that holds the customer's personal data; returns what was made. */
export async function fillCustomerData(db: Db, user: SessionUser) {
  const other = await createCustomer(db, { firstName: "Pieter", lastName: "van Wyk" });
  const heatMat = await product(db, "Exo Terra Heat Mat", "299.00");
  const terrarium = await product(db, "Glass Terrarium 60x45x45", "2499.00", "2199.00");
  const address = await createAddress(db, user.id, {
    addressType: "both",
    isDefault: true,
    label: "Home",
    addressLine2: "Unit 4",
    phone: "082 555 1234",
  });
  await db.update(users).set({ defaultShippingAddressId: address.id, defaultBillingAddressId: address.id })
    .where(eq(users.id, user.id));
  const order = await insertOrder(db, user.id, {
    status: "delivered",
    items: [{ name: heatMat.name, price: "299.00", quantity: 2, productId: heatMat.id }],
  });
  await db.insert(cartItems).values({ userId: user.id, productId: terrarium.id, quantity: 1 });
  await db.insert(wishlistItems).values({ userId: user.id, productId: terrarium.id });
  const [ownReview] = await db.insert(reviews).values({
    productId: heatMat.id,
    userId: user.id,
    orderId: order.id,
    title: "Keeps my leopard gecko warm",
    content: "Even heat, no hot spots.",
    rating: 5,
    status: "approved",
  }).returning();
  const [othersReview] = await db.insert(reviews).values({
    productId: terrarium.id,
    userId: other.id,
    title: "Solid glass",
    content: "Doors close well.",
    rating: 4,
    status: "approved",
    helpfulCount: 1,
  }).returning();
  await db.insert(reviewVotes).values({ reviewId: othersReview.id, userId: user.id, vote: true });
  await db.insert(reviewReplies).values({ reviewId: othersReview.id, userId: user.id, content: "Agreed!" });
  await db.insert(loyaltyLedger).values([
    { userId: user.id, points: 598, reason: "Order purchase", referenceType: "order", referenceId: String(order.id) },
    {
      userId: user.id,
      points: 10,
      reason: "Product review",
      referenceType: "review",
      referenceId: String(ownReview.id),
    },
  ]);
  const [reward] = await db.insert(loyaltyRewards).values({
    code: `R50-${++counter}`,
    name: "R50 off",
    pointsCost: 100,
    discountValue: "50.00",
  }).returning();
  await db.insert(loyaltyRedemptions).values([
    { userId: user.id, rewardId: reward.id, pointsSpent: 100, code: `RDM-A-${counter}` },
    { userId: user.id, rewardId: reward.id, pointsSpent: 100, code: `RDM-B-${counter}`, used: true, orderId: order.id },
  ]);
  await db.insert(referrals).values([
    { referrerId: user.id, code: `REF-OPEN-${counter}` },
    { referrerId: user.id, refereeId: other.id, code: `REF-USED-${counter}`, status: "completed" },
  ]);
  await db.insert(newsletterSubscriptions).values({
    email: user.email,
    userId: user.id,
    confirmToken: hashToken("newsletter-token"),
    confirmedAt: new Date(),
  });
  await db.insert(stockNotifications).values({ userId: user.id, productId: terrarium.id, email: user.email });
  await db.insert(browsingHistory).values({ userId: user.id, productId: heatMat.id, viewCount: 3, timeSpent: 95 });
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    token: hashToken("reset-token"),
    expires: new Date(Date.now() + 3_600_000),
  });
  await db.insert(emailOutbox).values({
    toAddress: user.email,
    subject: "Reset your password",
    textBody: "Open https://shop.example/reset-password?token=secret-reset-link-token to choose a new password.",
  });
  // A keeper's animal, their reminder choices and a cart reminder: personal too.
  const [gecko] = await db.insert(species).values(speciesRow(seedSpecies[0], 1)).onConflictDoNothing().returning();
  const speciesId = gecko?.id ?? (await db.select({ id: species.id }).from(species).limit(1))[0].id;
  await db.insert(keeperAnimals).values({ userId: user.id, speciesId, name: "Spot", notes: "Sheds every 5 weeks" });
  await db.insert(reminderPreferences).values({
    userId: user.id,
    cartRemindersOff: true,
    unsubscribeToken: `fixturetoken${counter}abcdefgh`,
  });
  await db.insert(cartReminders).values({ userId: user.id, cartChangedAt: new Date(), sentAt: new Date() });
  const session = await createSession(db, { userId: user.id });
  return { other, heatMat, terrarium, address, order, ownReview, othersReview, reward, session };
}
