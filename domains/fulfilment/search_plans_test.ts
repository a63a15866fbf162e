/**
 * Staff's reads stay index-backed as orders and customers grow (decision 0098): on 60,000 orders of
 * 20,000 customers over two years, vacuumed and analyzed, the order search, the customer search and the
 * dashboard's paid-order figures name their indexes, and a search with few or no matches never
 * reads every order or customer; the customers list's tag filter reads the tags index.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { mostRowsRead, planTest, seqScansOn, uses } from "../../tests/helpers/query_plans.ts";
import { listAdminOrders } from "./mod.ts";
import { customerTagsInUse, listUsers } from "../accounts/mod.ts";
import { dashboardFigures } from "../dashboard/mod.ts";

const { test, closeDatabase } = useTestDatabase();

const CUSTOMERS = 20_000;
const ORDERS = 60_000;

/** Customers named from short lists (so a name matches many), and their orders, oldest first. */
async function ordersOverTwoYears(db: Db) {
  await db.execute(sql`insert into users (username, password, email, first_name, last_name)
    select 'keeper' || i, 'x', 'keeper' || i || '@example.co.za',
      (array['Thandi','Pieter','Lerato','Sipho','Anika','Johan','Zanele','Kobus','Ayesha','Musa'])[1 + i % 10],
      (array['Nkosi','van Wyk','Botha','Dlamini','Naidoo','Smith','Mokoena','Pretorius','Khumalo','Zulu'])[1 + (i / 10) % 10]
    from generate_series(1, ${CUSTOMERS}::int) i`);
  await db.execute(sql`insert into orders (order_number, status, total, refunded_amount, user_id, created_at, paid_at,
      shipping_address)
    select 'RB-P-' || lpad(i::text, 6, '0'), 'delivered', 250,
      case when i % 50 = 0 then 250 when i % 77 = 0 then 10 else 0 end, u.id, c, c + interval '2 minutes',
      jsonb_build_object('firstName', u.first_name, 'lastName', u.last_name)
    from generate_series(1, ${ORDERS}::int) i
      cross join lateral (select now() - (${ORDERS}::int - i) * interval '1 day' * 730 / ${ORDERS}::int as c) t
      join users u on u.username = 'keeper' || (1 + (i * 7919) % ${CUSTOMERS}::int)`);
  // One customer in 200 is a breeder (customer tags, decision 0109).
  await db.execute(sql`update users set tags = array['breeder'] where id % 200 = 0`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze orders`);
}

planTest(
  test,
  "[fulfilment plans] order and customer searches read their trigram indexes; few matches read few rows",
  ordersOverTwoYears,
  async (plans) => {
    const rare = await plans(async (db) => {
      for (const q of ["zzzq", "keeper4711@", "RB-P-01234", "+27820"]) await listAdminOrders(db, { q });
      for (const q of ["zzzq", "keeper4711"]) await listUsers(db, { q });
    });
    const scanned = rare.filter((p) => seqScansOn([p], "orders").length || seqScansOn([p], "users").length);
    assert.deepEqual(scanned, []);
    for (const index of ["orders_number_trgm_idx", "orders_shipping_name_trgm_idx", "users_email_trgm_idx"]) {
      assert.ok(uses(rare, index), `${index} is read`);
    }
    assert.ok(uses(rare, "users_full_name_trgm_idx") && uses(rare, "users_username_trgm_idx"));
    const most = Math.max(mostRowsRead(rare, "orders"), mostRowsRead(rare, "users"));
    assert.ok(most < 1000, `a plan node read ${most} rows`);

    // A common name (6,000 orders): its page is found early walking the orders newest first.
    const common = await plans((db) => listAdminOrders(db, { q: "thandi" }));
    const page = common.filter((p) => /order by/i.test(p.sql));
    assert.equal(page.length, 1);
    assert.ok(mostRowsRead(page, "orders") < ORDERS / 20, `the page read ${mostRowsRead(page, "orders")} orders`);
  },
);

planTest(
  test,
  "[fulfilment plans] the dashboard reads the month's paid orders by paid_at; the refund filters read refunded orders",
  ordersOverTwoYears,
  async (plans) => {
    const seen = await plans((db) => dashboardFigures(db));
    assert.ok(uses(seen, "orders_paid_at_idx"), "sales and the chart read paid orders through their index");

    const refunds = await plans(async (db) => {
      await listAdminOrders(db, { payment: "refunded", page: 3 });
      await listAdminOrders(db, { payment: "partially_refunded" });
    });
    assert.deepEqual(seqScansOn(refunds, "orders"), []);
    assert.ok(uses(refunds, "orders_refunded_idx"), "refunded orders are read through their index");
  },
);

planTest(
  test,
  "[fulfilment plans] the customers list's tag filter reads the tags index, not every customer",
  ordersOverTwoYears,
  async (plans) => {
    const tagged = await plans(async (db) => {
      const { total } = await listUsers(db, { tag: "breeder" });
      assert.equal(total, CUSTOMERS / 200);
      await listUsers(db, { tag: "nobody" });
    });
    assert.deepEqual(seqScansOn(tagged, "users"), []);
    assert.ok(uses(tagged, "users_tags_idx"), "users_tags_idx is read");
    // The filter's choices read only the tagged accounts.
    const inUse = await plans(async (db) => {
      assert.deepEqual(await customerTagsInUse(db), [{ tag: "breeder", accounts: CUSTOMERS / 200 }]);
    });
    assert.deepEqual(seqScansOn(inUse, "users"), []);
    assert.ok(uses(inUse, "users_tagged_idx"), "users_tagged_idx is read");
  },
);

closeDatabase();
