/** Signed-in test clients by role (customer, admin, super_admin) for the admin area's tests. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { Hono } from "hono";
import type { Database, Db } from "../../db/client.ts";
import { orderRefunds } from "../../db/schema/mod.ts";
import { hashPassword, type Role } from "../../domains/auth/mod.ts";
import { testApp, testShop } from "./app.ts";
import { type TestClient, testClient } from "./client.ts";
import { createUser } from "./factories.ts";
import { customer } from "./paid_orders.ts";

export const STAFF_PASSWORD = "Admin-Pass1!";

/**
 * The Manage Coupons form as an admin sends it for a new coupon `code`: 10% off, at most R150, from
 * 2026-01-05, active, with no end date and a blank user limit.
 */
export const couponForm = (code: string) => ({
  code,
  description: "10% off, at most R150",
  type: "percentage",
  value: "10",
  maxDiscount: "150",
  startDate: "2026-01-05",
  endDate: "",
  userLimit: "",
  active: "on",
});
let hashed: Promise<string> | null = null;

/**
 * A new account of `role` (named `username`, default the role) and a client signed in as it, on
 * `app` or a fresh test app with `env`.
 */
export async function staffAccount(
  db: Db,
  database: Database,
  role: Role,
  username: string = role,
  env: Record<string, string> = {},
  // deno-lint-ignore no-explicit-any
  app: Hono<any> = testApp(database, env),
): Promise<{ client: TestClient; user: Awaited<ReturnType<typeof createUser>> }> {
  return await accountOn(db, app, role, username);
}

/**
 * A new account of `role` named `username` (the e-mail follows it) and a client signed in as it on
 * this `app`.
 */
export async function accountOn(
  db: Db,
  // deno-lint-ignore no-explicit-any
  app: Hono<any>,
  role: Role,
  username: string = role,
): Promise<{ client: TestClient; user: Awaited<ReturnType<typeof createUser>> }> {
  hashed ??= hashPassword(STAFF_PASSWORD);
  const user = await createUser(db, { username, password: await hashed, role });
  const client = testClient(app);
  const res = await client.postJson("/api/auth/login", { username, password: STAFF_PASSWORD });
  assert.equal(res.status, 200, `sign-in as ${username}`);
  return { client, user };
}

/**
 * The fulfilment tests' shop on `database` (the offline test payment provider): customer "thandi"
 * with a default address, signed in on `me`, and an admin "staff" signed in on `admin`.
 */
export async function fulfilmentShop(db: Db, database: Database) {
  const { app, gateway } = testShop(database);
  hashed ??= hashPassword(STAFF_PASSWORD);
  const buyer = await customer(db, { username: "thandi", email: "thandi@example.co.za", password: await hashed });
  const me = testClient(app);
  assert.equal((await me.postJson("/api/auth/login", { username: "thandi", password: STAFF_PASSWORD })).status, 200);
  const { client: admin } = await accountOn(db, app, "admin", "staff");
  return { app, gateway, buyer, me, admin };
}

/** A user of this role (username = role) signed in on `app`: the client, with the user's id. */
export async function signedInAs(
  db: Db,
  database: Database,
  role: Role,
  // deno-lint-ignore no-explicit-any
  app: Hono<any> = testApp(database),
): Promise<TestClient & { userId: number }> {
  const { client, user } = await staffAccount(db, database, role, role, {}, app);
  return Object.assign(client, { userId: user.id });
}

/**
 * The admin refunds R100 of `orderId` ("Broken lamp") through the admin API, for a provider whose
 * refunds staff finish by hand: 200, and the order's refund row is recorded as manual. Returns the
 * response, that row and the admin's order page afterwards.
 */
export async function manualRefundByAdmin(
  db: Db,
  database: Database,
  // deno-lint-ignore no-explicit-any
  app: Hono<any>,
  orderId: number,
) {
  const admin = await signedInAs(db, database, "admin", app);
  const res = await admin.postJson(`/api/admin/orders/${orderId}/refund`, { amount: 100, reason: "Broken lamp" });
  assert.equal(res.status, 200, await res.clone().text());
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
  assert.equal(refund.status, "manual");
  const page = await (await admin.get(`/admin/orders/${orderId}`)).text();
  return { res, refund, page };
}
