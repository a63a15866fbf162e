/** Orders for HTTP tests: a signed-in customer with a placed, unpaid order. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/mod.ts";
import { registerCustomer } from "./accounts.ts";
import type { TestClient } from "./client.ts";
import { createAddress, createProduct } from "./factories.ts";
import { placeOrder } from "../../flows/place_order.ts";

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
