/**
 * A product page's lists never read the catalogue (decision 0059): for a product nothing is stored
 * for yet, on a 20,000-product catalogue, the plans PostgreSQL picks read no products seq scan and
 * at most a few dozen products in any plan node (the category's price neighbours), not its category.
 */
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { useTestDatabase, usingPostgres } from "../../tests/helpers/db.ts";
import { mostProductsRead, productSeqScans, queryPlans } from "../../tests/helpers/query_plans.ts";
import { seedDemo } from "../../seed/mod.ts";
import { seedLarge } from "../../seed/large.ts";
import { rowsOf } from "../../db/client.ts";
import { productRecommendations } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();
const NAME = "[recommendation plans] a product page's two lists, nothing stored for it, read bounded rows";
const PLANS_ON_POSTGRES = "(PostgreSQL only: the plans asserted are PostgreSQL's at scale)";

if (!usingPostgres) Deno.test({ name: `${NAME} ${PLANS_ON_POSTGRES}`, ignore: true, fn() {} });
else {
  test(`${NAME} ${PLANS_ON_POSTGRES}`, async (db) => {
    await seedDemo(db, { withAccounts: false });
    await seedLarge(db, 20_000);
    const [{ id }] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from products where archived_at is null and category_id is not null
        order by id desc limit 1`),
    );
    const seen = await queryPlans(Deno.env.get("TEST_DATABASE_URL")!, async (db) => {
      assert.equal((await productRecommendations(db, "similar", id, 4)).length, 4);
      assert.equal((await productRecommendations(db, "frequentlyBought", id, 4)).length, 4);
    }, { analyze: true });
    assert.deepEqual(productSeqScans(seen), []);
    assert.ok(mostProductsRead(seen) <= 100, `a plan node read ${mostProductsRead(seen)} products`);
  });
}

closeDatabase();
