/** Orders for HTTP tests: a signed-in customer with a placed, unpaid order, and reading it back. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { emailOutbox, orders, owedRefunds, users } from "../../db/schema/mod.ts";
import { TEST_ORIGIN, testApp, testConfig } from "./app.ts";
import { registerCustomer } from "./accounts.ts";
import { type TestClient, testClient } from "./client.ts";
import { createAddress, createProduct } from "./factories.ts";
import { placeOrder } from "../../flows/place_order.ts";
import { finalizePaidOrder } from "../../flows/finalise_payment.ts";

/**
 * Registers (and so signs in) a customer on `client` with a default address, and places a pending
 * order of 2 × R450 (R900.00) from their cart, plus the R95 standard delivery fee (R995.00).
 */
export async function customerWithOrder(db: Db, client: TestClient, username = "keeper") {
  const me = await registerCustomer(client, { username, email: `${username}@example.co.za` });
  const address = await createAddress(db, me.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
  const p = await createProduct(db, { name: "UVB Tube T5 24W", price: "450.00", stock: 10 });
  const added = await client.postJson("/api/cart", { productId: p.id, quantity: 2 });
  assert.ok(added.ok, await added.clone().text());
  const { order } = await placeOrder(db, { userId: me.id, idempotencyKey: null, shippingMethod: "standard" });
  assert.equal(order.totalCents, 90_000 + 9_500);
  return { me, order };
}

/**
 * The app with `env` (a payment provider's settings, none by default), a customer with an order as
 * {@link customerWithOrder} makes it, and a client with no cookies and no Origin, as the provider's
 * servers call the shop's webhooks.
 */
export async function customerWithOrderOn(db: Db, database: Database, env: Record<string, string> = {}) {
  const app = testApp(database, env);
  const client = testClient(app);
  const { me, order } = await customerWithOrder(db, client);
  return { app, client, me, order, provider: testClient(app, { origin: null }) };
}

/** The order's row as it is now. */
export const orderRow = async (db: Db, id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0];

/** The e-mails the shop wrote about the order. */
export const orderEmails = (db: Db, id: number) => db.select().from(emailOutbox).where(eq(emailOutbox.orderId, id));

/**
 * A second payment for an order that was already paid: exactly one owed refund of it, with this
 * provider and status, and the order's own payment and refundable amount untouched.
 */
export async function oneOwedRefundOfExtra(
  db: Db,
  { orderId, provider, status, own, extra }: {
    orderId: number;
    provider: string;
    status: string;
    own: string;
    extra: string;
  },
) {
  const owed = await db.select().from(owedRefunds);
  assert.equal(owed.length, 1);
  assert.equal(owed[0].kind, "extra");
  assert.equal(owed[0].provider, provider);
  assert.equal(owed[0].paymentId, extra);
  assert.equal(owed[0].status, status);
  const row = await orderRow(db, orderId);
  assert.equal(row.paymentId, own, "the order's own payment is unchanged");
  assert.equal(row.refundedAmount, "0.00", "and so is its refundable amount");
}

/**
 * `order` (R995) paid by card with the offline provider's succeeded intent `pi_card_{id}`, as the
 * card webhook would finalise it. Returns that intent.
 */
export async function paidByCard(db: Db, order: { id: number; orderNumber: string }) {
  const card = {
    id: `pi_card_${order.id}`,
    status: "succeeded" as const,
    amountCents: 99_500,
    currency: "zar",
    metadata: { orderId: String(order.id), orderNumber: order.orderNumber },
    lastError: null,
  };
  await finalizePaidOrder(db, order.id, card, { shop: testConfig().shop, siteUrl: TEST_ORIGIN });
  return card;
}
