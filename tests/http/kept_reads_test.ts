/**
 * A session and a shopper's own product-page rows are kept until the next write on PGlite
 * (lib/read_memo.ts, decision 0051); on PostgreSQL they are read every time. Either way, signing
 * out, staff disabling an account or changing its role, and a cart emptied outside any request (a
 * payment webhook, a job) take effect on the very next request.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { staffAccount } from "../helpers/staff.ts";
import { createProduct } from "../helpers/factories.ts";
import { cartItems } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

test(
  "[kept reads] a kept session ends at once on sign-out, on staff disabling the account and on a role change",
  async (db, database) => {
    const app = testApp(database);
    const shopper = await staffAccount(db, database, "customer", "keeper", {}, app);
    const staff = await staffAccount(db, database, "admin", "clerk", {}, app);
    const boss = await staffAccount(db, database, "super_admin", "boss", {}, app);

    // Signed out: the old cookie is worthless on the next request.
    for (let i = 0; i < 2; i++) assert.equal((await shopper.client.get("/api/auth/me")).status, 200);
    const token = shopper.client.cookies.get("sid")!;
    assert.equal((await shopper.client.postJson("/api/auth/logout", {})).status, 200);
    shopper.client.cookies.set("sid", token);
    assert.equal((await shopper.client.get("/api/auth/me")).status, 401, "signed out");

    // A role taken away: the next admin request is refused.
    for (let i = 0; i < 2; i++) assert.equal((await staff.client.get("/api/admin/users")).status, 200);
    const demote = await boss.client.postJson(`/api/admin/users/${staff.user.id}`, { role: "customer" }, "PATCH");
    assert.equal(demote.status, 200, await demote.clone().text());
    assert.equal((await staff.client.get("/api/admin/users")).status, 403, "no longer staff");

    // An account disabled: its next request is signed out.
    const other = await staffAccount(db, database, "customer", "other", {}, app);
    for (let i = 0; i < 2; i++) assert.equal((await other.client.get("/api/auth/me")).status, 200);
    const off = await boss.client.postJson(`/api/admin/users/${other.user.id}`, { disabled: true }, "PATCH");
    assert.equal(off.status, 200, await off.clone().text());
    assert.equal((await other.client.get("/api/auth/me")).status, 401, "disabled");
  },
);

test(
  "[kept reads] the product page's cart badge follows a cart emptied outside any request",
  async (db, database) => {
    const app = testApp(database);
    const product = await createProduct(db, { name: "Cork Bark Tube" });
    const { client, user } = await staffAccount(db, database, "customer", "keeper", {}, app);
    const path = `/product/${product.slug}`;
    assert.equal((await client.postJson("/api/cart", { productId: product.id, quantity: 2 })).status, 201);
    for (let i = 0; i < 2; i++) assert.match(await (await client.get(path)).text(), /aria-label="Cart, 2 items"/);
    await db.delete(cartItems).where(eq(cartItems.userId, user.id));
    assert.match(await (await client.get(path)).text(), /aria-label="Cart, 0 items"/);
  },
);

closeDatabase();
