/**
 * Crash test: the real server (main.ts) takes checkouts paid with the offline test provider, is
 * killed with SIGKILL in the middle of them, and is started again on the same database. Every order
 * the shop acknowledged (2xx) must still be there, every payment it confirmed must have left its
 * order paid, and the stock must add up: the stock before = the stock now + the units held by orders
 * that are not cancelled. Runs on a PGlite folder always, and on PostgreSQL when TEST_DATABASE_URL
 * is set (that database is emptied first, as every test file does).
 */
import assert from "node:assert/strict";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { openDb } from "../../db/client.ts";
import { orderItems, orders, products } from "../../db/schema/mod.ts";
import { openTestDatabase, usingPostgres } from "../helpers/db.ts";
import { startServer } from "../helpers/server.ts";
import { buyOne, httpShopper, newCustomer, type Purchase } from "../helpers/http_shopper.ts";

const SHOPPERS = 6;

async function crashRun(env: Record<string, string>, openAfter: () => ReturnType<typeof openDb>) {
  const serverEnv = { ...env, TRUST_PROXY: "true" };
  const start = { readyWithinMs: 300_000 };
  let server = await startServer(serverEnv, start);
  const listing = await (await fetch(`${server.url}/api/products?limit=50`)).json() as {
    items: { id: number; stock: number }[];
  };
  // A few products with plenty of stock and no options to choose (a probe's cart takes them), so
  // every purchase could succeed and none is refused for want of stock.
  const probe = httpShopper(server.url, "203.0.113.250");
  await newCustomer(probe, `crashprobe${Date.now() % 100000}`);
  const stocked: { id: number; stock: number }[] = [];
  for (const p of listing.items.filter((p) => p.stock >= 30)) {
    if (stocked.length === 3) break;
    if ((await probe.send("/api/cart", { json: { productId: p.id, quantity: 1 } })).status < 300) stocked.push(p);
  }
  assert.ok(stocked.length > 0, "the demo catalogue has stocked products");
  const before = new Map(stocked.map((p) => [p.id, p.stock]));

  const acknowledged: Purchase[] = [];
  let killed = false;
  const shoppers = Array.from({ length: SHOPPERS }, async (_, n) => {
    const s = httpShopper(server.url, `203.0.113.${n + 1}`);
    try {
      await newCustomer(s, `crash${n}x${Date.now() % 100000}`);
      for (let i = 0; !killed; i++) {
        const bought = await buyOne(s, stocked[(n + i) % stocked.length].id);
        if (bought.order) acknowledged.push(bought);
      }
    } catch {
      // the server went away mid-request: that purchase was not acknowledged
    }
  });
  // Let checkouts get under way, then kill the server while they are in flight.
  const deadline = Date.now() + 20_000;
  while (acknowledged.filter((p) => p.paymentStatus === 200).length < 3 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
  }
  killed = true;
  await server.kill();
  await Promise.all(shoppers);
  assert.ok(acknowledged.length >= 3, `orders were acknowledged before the kill (${acknowledged.length})`);

  // The restarted shop answers, and takes an order again.
  server = await startServer(serverEnv, start);
  const after = httpShopper(server.url, "203.0.113.200");
  await newCustomer(after, `crashafter${Date.now() % 100000}`);
  const again = await buyOne(after, stocked[0].id);
  assert.equal(again.paymentStatus, 200, JSON.stringify(again));
  acknowledged.push(again);
  assert.equal(await server.stop(), 0);

  const database = await openAfter();
  try {
    const db = database.db;
    const ids = acknowledged.map((p) => p.order!.id);
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const p of acknowledged) {
      const row = byId.get(p.order!.id);
      assert.ok(row, `acknowledged order ${p.order!.orderNumber} is there`);
      assert.equal(row.orderNumber, p.order!.orderNumber);
      if (p.paymentStatus === 200) {
        assert.ok(row.paidAt, `confirmed payment of ${row.orderNumber} is recorded`);
        assert.equal(row.status, "processing");
      }
    }
    for (const [productId, stockBefore] of before) {
      const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
      const [{ held }] = await db.select({ held: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
        .from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.productId, productId), ne(orders.status, "cancelled")));
      assert.equal(stock + Number(held), stockBefore, `product ${productId}: stock adds up`);
    }
  } finally {
    await database.close();
  }
}

Deno.test({
  name: "[crash] SIGKILL during checkouts on a PGlite folder loses no acknowledged order or payment",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const dir = await Deno.makeTempDir({ prefix: "crash-pglite-" });
    try {
      await crashRun({ PGLITE_DIR: dir }, () => openDb({ pgliteDir: dir }));
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "[crash] SIGKILL during checkouts on PostgreSQL loses no acknowledged order or payment" +
    (usingPostgres ? "" : " (runs when TEST_DATABASE_URL names a PostgreSQL database)"),
  ignore: !usingPostgres,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const url = Deno.env.get("TEST_DATABASE_URL")!;
    // Empty tables: the server seeds the demo catalogue into an empty database.
    await (await openTestDatabase()).close();
    await crashRun({ DATABASE_URL: url }, () => openDb({ url, poolSize: 2 }));
  },
});
