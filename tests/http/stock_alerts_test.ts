import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createProduct } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

test(
  "[stock alerts api] visitors 401; customers 201 then 409 'already subscribed'; the page form works",
  async (db, database) => {
    const p = await createProduct(db, { name: "Dome Lamp", slug: "dome-lamp", stock: 0 });
    const app = testApp(database);
    const visitor = testClient(app);
    assert.equal((await visitor.postJson(`/api/products/${p.id}/notify`, {})).status, 401);
    const page = await (await visitor.get("/product/dome-lamp")).text();
    assert.match(page, /Notify Me When Available/);
    assert.match(page, /action="\/products\/\d+\/notify"/);
    const form = await visitor.postForm(`/products/${p.id}/notify`, { returnPath: "/product/dome-lamp" });
    assert.equal(form.headers.get("location"), "/login?returnPath=%2Fproduct%2Fdome-lamp");
    const me = testClient(app);
    await registerCustomer(me);
    // The spec's notify call sends no body; a JSON content type on it reads as `{}`, not malformed JSON.
    const first = await me.request(`/api/products/${p.id}/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    assert.equal(first.status, 201);
    assert.equal((await first.json()).message, "Notification Set!");
    const again = await me.postJson(`/api/products/${p.id}/notify`, {});
    assert.equal(again.status, 409);
    const refused = await again.json();
    assert.match(refused.error, /already subscribed/);
    assert.equal(refused.code, "already_subscribed");
    await me.postForm(`/products/${p.id}/notify`, { returnPath: "/product/dome-lamp" });
    assert.match(await (await me.get("/product/dome-lamp")).text(), /Already Subscribed/);
  },
);

closeDatabase();
