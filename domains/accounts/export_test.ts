import assert from "node:assert/strict";
import { setDefaultAddress } from "../addresses/mod.ts";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createAddress } from "../../tests/helpers/factories.ts";
import { loyaltyLedger, sessions, users, wishlistItems } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { listOrdersForUser } from "../orders/mod.ts";
import { exportFileName, exportUserData } from "../../flows/export_account_data.ts";
import { addressBookSummary, listWishlist, loyaltySummary } from "../../flows/account_overview.ts";
import { loyaltyTier } from "../loyalty/mod.ts";
import { createCustomer, fillCustomerData, insertOrder, PASSWORD } from "./test_fixtures.ts";
import { deleteAccount } from "../../flows/delete_account.ts";

const { test, closeDatabase } = useTestDatabase();

test("[accounts] export holds the user's data from every table", async (db) => {
  const user = await createCustomer(db, { username: "gecko_fan", email: "gecko.fan@example.co.za" });
  const made = await fillCustomerData(db, user);
  await db.update(users).set({ staffNote: "Asked for PUDO deliveries.", tags: ["breeder"] }).where(
    eq(users.id, user.id),
  );
  const data = await exportUserData(db, user.id, new Date("2026-11-22T10:00:00Z"));
  assert.equal(data.exportedAt, "2026-11-22T10:00:00.000Z");
  assert.equal(data.profile.username, "gecko_fan");
  assert.equal(data.profile.email, "gecko.fan@example.co.za");
  assert.equal(data.profile.staffNote, "Asked for PUDO deliveries.", "what staff noted is theirs to read");
  assert.deepEqual(data.profile.tags, ["breeder"], "and how staff labelled them");
  assert.equal(data.addresses.length, 1);
  assert.equal(data.addresses[0].addressLine1, "12 Jacaranda Street");
  assert.equal(data.orders.length, 1);
  assert.equal(data.orders[0].orderNumber, made.order.orderNumber);
  assert.equal(data.orders[0].total, 598);
  assert.deepEqual(data.orders[0].items.map((i) => [i.name, i.price, i.quantity]), [["Exo Terra Heat Mat", 299, 2]]);
  assert.deepEqual(data.wishlist.map((w) => w.name), ["Glass Terrarium 60x45x45"]);
  assert.deepEqual(data.cart.map((c) => c.quantity), [1]);
  assert.deepEqual(data.reviews.map((r) => r.title), ["Keeps my leopard gecko warm"]);
  assert.deepEqual(data.reviewVotes.map((v) => v.helpful), [true]);
  assert.deepEqual(data.reviewReplies.map((r) => r.content), ["Agreed!"]);
  assert.equal(data.loyalty.balance, 608);
  assert.equal(data.loyalty.ledger.length, 2);
  assert.equal(data.loyalty.redemptions.length, 2);
  assert.deepEqual(data.referrals.map((r) => r.role), ["referrer", "referrer"]);
  assert.equal(data.newsletter.length, 1);
  assert.equal(data.stockNotifications.length, 1);
  assert.deepEqual(data.browsingHistory.map((h) => [h.productName, h.viewCount]), [["Exo Terra Heat Mat", 3]]);
  assert.equal(data.sessions.count, 1);
  assert.equal(data.passwordResetRequests.length, 1);
  assert.deepEqual(data.emails.map((m) => m.subject), ["Reset your password"]);
  assert.deepEqual(data.animals.map((a) => [a.name, a.species, a.notes]), [[
    "Spot",
    "Bearded dragon",
    "Sheds every 5 weeks",
  ]]);
  assert.equal(data.reminders.replacementReminders, true);
  assert.equal(data.reminders.cartReminders, false);
  assert.equal(data.reminders.priceDropEmails, true);
  assert.match(data.reminders.lastCartReminderAt ?? "", /^\d{4}-\d{2}-\d{2}T/);
  // A plain JSON document: it survives a round trip unchanged.
  assert.deepEqual(JSON.parse(JSON.stringify(data)), data);
});

test("[accounts] export never contains a password hash, token or token hash", async (db) => {
  const user = await createCustomer(db);
  const made = await fillCustomerData(db, user);
  const text = JSON.stringify(await exportUserData(db, user.id));
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
  const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
  assert.ok(!text.includes(row.password), "no password hash");
  assert.doesNotMatch(text, /argon2/);
  assert.doesNotMatch(text, /"password"/);
  assert.ok(!text.includes(made.session.token), "no session token");
  for (const id of sessionIds) assert.ok(!text.includes(id), "no session id (a token hash)");
  assert.doesNotMatch(text, /[0-9a-f]{64}/, "no SHA-256 of a reset or confirmation token");
  assert.doesNotMatch(text, /confirmToken|"token"/);
  assert.ok(!text.includes("secret-reset-link-token"), "no mail body (it may hold a reset link)");
});

test("[accounts] the export's file name carries the shop's name and the date in South Africa", () => {
  assert.equal(
    exportFileName("Reptile Basics", new Date("2026-11-21T21:59:00Z")),
    "reptile-basics-my-data-2026-11-21.json",
  );
  assert.equal(
    exportFileName("Reptile Basics", new Date("2026-11-21T22:30:00Z")),
    "reptile-basics-my-data-2026-11-22.json",
  );
});

test("[accounts] export of an erased or unknown account is a 404", async (db) => {
  const user = await createCustomer(db);
  await deleteAccount(db, user.id, PASSWORD);
  await assert.rejects(exportUserData(db, user.id), (err) => err instanceof NotFoundError);
  await assert.rejects(exportUserData(db, 9999), (err) => err instanceof NotFoundError);
});

test("[orders] history: own orders only, newest first, limit, total in cents and unit count", async (db) => {
  const user = await createCustomer(db);
  const other = await createCustomer(db);
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));
  await insertOrder(db, user.id, { orderNumber: "RB-1", createdAt: day(1), status: "delivered" });
  await insertOrder(db, user.id, {
    orderNumber: "RB-2",
    createdAt: day(5),
    status: "shipped",
    items: [
      { name: "Heat mat", price: "299.00", quantity: 2 },
      { name: "Thermometer", price: "89.95", quantity: 1 },
    ],
    shipping: "65.00",
  });
  await insertOrder(db, user.id, { orderNumber: "RB-3", createdAt: day(3) });
  await insertOrder(db, user.id, { orderNumber: "RB-4", createdAt: day(4), status: "cancelled" });
  await insertOrder(db, other.id, { orderNumber: "RB-OTHER", createdAt: day(6) });
  const all = await listOrdersForUser(db, user.id);
  assert.deepEqual(all.map((o) => o.orderNumber), ["RB-2", "RB-4", "RB-3", "RB-1"]);
  assert.deepEqual(all[0], {
    id: all[0].id,
    orderNumber: "RB-2",
    createdAt: day(5),
    status: "shipped",
    totalCents: 75295,
    itemCount: 3,
    refundedCents: 0,
    trackingNumber: null,
    carrier: null,
  });
  assert.deepEqual((await listOrdersForUser(db, user.id, { limit: 3 })).map((o) => o.orderNumber), [
    "RB-2",
    "RB-4",
    "RB-3",
  ]);
  assert.deepEqual(await listOrdersForUser(db, 9999), []);
});

test("[accounts] loyalty: balance is the ledger's sum; Bronze, Silver from 500, Gold from 1000", async (db) => {
  assert.deepEqual([0, 499, 500, 999, 1000, 5000].map(loyaltyTier), [
    "Bronze",
    "Bronze",
    "Silver",
    "Silver",
    "Gold",
    "Gold",
  ]);
  const user = await createCustomer(db);
  assert.deepEqual(await loyaltySummary(db, user.id), {
    points: 0,
    tier: "Bronze",
    next: { tier: "Silver", pointsNeeded: 500 },
    progressPercent: 0,
  });
  await db.insert(loyaltyLedger).values([
    { userId: user.id, points: 700, reason: "Order purchase" },
    { userId: user.id, points: -100, reason: "Redeemed R50 off" },
  ]);
  assert.deepEqual(await loyaltySummary(db, user.id), {
    points: 600,
    tier: "Silver",
    next: { tier: "Gold", pointsNeeded: 400 },
    progressPercent: 60,
  });
  await db.insert(loyaltyLedger).values({ userId: user.id, points: 900, reason: "Order purchase" });
  const gold = await loyaltySummary(db, user.id);
  assert.equal(gold.tier, "Gold");
  assert.equal(gold.next, null);
  assert.equal(gold.progressPercent, 100);
});

test("[accounts] wishlist and default addresses for the account tabs", async (db) => {
  const user = await createCustomer(db);
  assert.deepEqual(await listWishlist(db, user.id), []);
  assert.deepEqual(await addressBookSummary(db, user.id), { count: 0, shipping: null, billing: null });
  const made = await fillCustomerData(db, user);
  const wishlist = await listWishlist(db, user.id);
  assert.deepEqual(wishlist.map((w) => [w.name, w.priceCents, w.salePriceCents]), [
    ["Glass Terrarium 60x45x45", 249900, 219900],
  ]);
  const summary = await addressBookSummary(db, user.id);
  assert.equal(summary.count, 1);
  assert.equal(summary.shipping?.id, made.address.id);
  assert.equal(summary.billing?.id, made.address.id);
  assert.deepEqual(summary.shipping?.lines, [
    "12 Jacaranda Street",
    "Unit 4",
    "Pretoria, Gauteng",
    "0181 South Africa",
  ]);
  // A separate billing address made the default for billing (the address domain keeps the pointers).
  const billing = await createAddress(db, user.id, {
    addressType: "billing",
    addressLine1: "1 Office Park",
    city: "Sandton",
    postalCode: "2196",
  });
  await setDefaultAddress(db, user.id, billing.id, "billing");
  const again = await addressBookSummary(db, user.id);
  assert.equal(again.shipping?.id, made.address.id);
  assert.equal(again.billing?.id, billing.id);
  await db.delete(wishlistItems);
  assert.deepEqual(await listWishlist(db, user.id), []);
});

closeDatabase();
