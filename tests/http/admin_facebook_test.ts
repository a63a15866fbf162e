/**
 * The Facebook Commerce tab and its API over HTTP: who may call it, hostile bodies, the token never
 * leaving the server, the import against the fake Graph API (JSON and no-JS form), and the public
 * product feeds.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";
import { signedInAs } from "../helpers/staff.ts";
import { type FakeGraphApi, sampleCatalogue, startFakeGraphApi } from "../fakes/graph_api.ts";
import type { Database } from "../../db/client.ts";
import { products } from "../../db/schema/mod.ts";
import type { Role } from "../../domains/auth/mod.ts";

const { test, closeDatabase } = useTestDatabase();
const SECRET = "EAAB-very-secret-token-0123456789";

/** A client on an app with this environment: a visitor (`role` null) or signed in as a new user of this role. */
async function clientAs(database: Database, role: Role | null, env: Record<string, string> = {}) {
  const app = testApp(database, env);
  return role ? await signedInAs(database.db, database, role, app) : testClient(app);
}

const graphEnv = (graph: FakeGraphApi) => ({ META_GRAPH_API_BASE: graph.url, META_CATALOG_ID: graph.catalogId });

async function expectJson(res: Response, status: number) {
  assert.equal(res.status, status, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

test("[facebook api] visitors get 401, customers 403, on both routes and the forms", async (_db, database) => {
  for (const [role, status] of [[null, 401], ["customer", 403]] as const) {
    const client = await clientAs(database, role);
    for (const path of ["/api/admin/facebook-settings", "/api/admin/facebook-import"]) {
      const body = await expectJson(
        await client.postJson(path, { accessToken: SECRET, downloadImages: false }),
        status,
      );
      assert.ok(body.error);
    }
    for (const path of ["/admin/facebook/token", "/admin/facebook/import"]) {
      const res = await client.postForm(path, { accessToken: SECRET });
      assert.equal(res.status, 303);
      assert.match(res.headers.get("location") ?? "", role ? /^\/$/ : /^\/login\?redirect=/);
    }
    const tab = await client.get("/admin?tab=facebook");
    assert.equal(tab.status, 303);
  }
  assert.equal((await database.db.select().from(products)).length, 0);
});

test(
  "[facebook api] saving a token: 200 with a message, hostile bodies 400, the token never sent back",
  async (_db, database) => {
    const admin = await clientAs(database, "admin", { META_CATALOG_ID: "1234567890" });
    let html = await (await admin.get("/admin?tab=facebook")).text();
    assert.match(html, /data-fb-status="not-connected"/);
    assert.match(html, /Not Connected/);
    assert.match(html, /1234567890/);
    assert.match(html, /v18\.0/);

    const hostile: [unknown, RegExp][] = [
      [{ accessToken: "" }, /^Please enter an access token$/],
      [{ accessToken: "   " }, /^Please enter an access token$/],
      [{}, /^Please enter an access token$/],
      [{ accessToken: 12345 }, /^Please enter an access token$/],
      [{ accessToken: "abc\u0000def" }, /control characters/],
      [{ accessToken: "abc def" }, /spaces/],
      [{ accessToken: "x".repeat(1001) }, /too long/],
      [{ accessToken: SECRET, extra: 1 }, /.+/],
      [{ accessToken: "x".repeat(9000) }, /too large/],
    ];
    for (const [body, message] of hostile) {
      const res = await expectJson(await admin.postJson("/api/admin/facebook-settings", body), 400);
      assert.match(res.error, message, JSON.stringify(body).slice(0, 60));
    }
    const notJson = await admin.request("/api/admin/facebook-settings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{nope",
    });
    assert.equal(notJson.status, 400);

    const saved = await admin.postJson("/api/admin/facebook-settings", { accessToken: SECRET });
    const text = await saved.clone().text();
    assert.deepEqual(await expectJson(saved, 200), { message: "Facebook access token saved successfully" });
    assert.doesNotMatch(text, /very-secret/);

    html = await (await admin.get("/admin?tab=facebook")).text();
    assert.match(html, /data-fb-status="connected"/);
    assert.doesNotMatch(html, /very-secret/);
    // super_admin has every admin right.
    const superAdmin = await clientAs(database, "super_admin");
    await expectJson(await superAdmin.postJson("/api/admin/facebook-settings", { accessToken: "EAAB-other" }), 200);
  },
);

test(
  "[facebook api] import from the fake Graph API: counts, idempotent, Graph's errors as 4xx/502",
  async (db, database) => {
    const graph = startFakeGraphApi({ items: sampleCatalogue });
    try {
      const noCatalogue = await clientAs(database, "admin", { META_GRAPH_API_BASE: graph.url });
      const missing = await expectJson(
        await noCatalogue.postJson("/api/admin/facebook-import", { downloadImages: false }),
        409,
      );
      assert.match(missing.error, /META_CATALOG_ID/);

      const admin = testClient(testApp(database, graphEnv(graph)));
      for (const cookie of noCatalogue.cookies) admin.cookies.set(...cookie);
      const noToken = await expectJson(
        await admin.postJson("/api/admin/facebook-import", { downloadImages: false }),
        400,
      );
      assert.equal(noToken.error, "Please enter an access token");
      for (const body of [{}, { downloadImages: "yes" }, { downloadImages: true, x: 1 }, []]) {
        await expectJson(await admin.postJson("/api/admin/facebook-import", body), 400);
      }

      await expectJson(await admin.postJson("/api/admin/facebook-settings", { accessToken: "EAAB-wrong" }), 200);
      const refused = await expectJson(
        await admin.postJson("/api/admin/facebook-import", { downloadImages: false }),
        422,
      );
      assert.equal(
        refused.error,
        "Facebook refused the request: Invalid OAuth access token - Cannot parse access token",
      );

      await expectJson(await admin.postJson("/api/admin/facebook-settings", { accessToken: graph.token }), 200);
      graph.failNext(1);
      const down = await expectJson(await admin.postJson("/api/admin/facebook-import", { downloadImages: false }), 502);
      assert.match(down.error, /HTTP 500/);

      const first = await admin.postJson("/api/admin/facebook-import", { downloadImages: true });
      const firstText = await first.clone().text();
      const result = await expectJson(first, 200);
      assert.equal(result.importCount, 4);
      assert.equal(result.updatedCount, 0);
      assert.match(result.message, /Read 4 products from 2 pages/);
      assert.doesNotMatch(firstText, new RegExp(graph.token));
      const [terrarium] = await db.select().from(products).where(eq(products.fbRetailerId, "RB-FB-TERR-6045"));
      assert.match(terrarium.images[0], /^\/media\/products\//, "downloaded into the storage");

      graph.items[1].price = "R999.00";
      const second = await expectJson(
        await admin.postJson("/api/admin/facebook-import", { downloadImages: true }),
        200,
      );
      assert.deepEqual([second.importCount, second.updatedCount], [0, 1]);

      const html = await (await admin.get("/admin?tab=facebook")).text();
      assert.match(html, /data-fb-result="success"/);
      assert.match(html, /Successfully imported 0 new products\./);
      assert.doesNotMatch(html, new RegExp(graph.token));
    } finally {
      await graph.stop();
    }
  },
);

test("[facebook forms] without JavaScript: token and import forms redirect back with a toast", async (db, database) => {
  const graph = startFakeGraphApi({ items: sampleCatalogue });
  try {
    const admin = await clientAs(database, "admin", graphEnv(graph));
    const empty = await admin.postForm("/admin/facebook/token", { accessToken: "" });
    assert.equal(empty.status, 303);
    assert.equal(empty.headers.get("location"), "/admin?tab=facebook");
    assert.match(await (await admin.get("/admin?tab=facebook")).text(), /Please enter an access token/);

    const saved = await admin.postForm("/admin/facebook/token", { accessToken: graph.token });
    assert.equal(saved.status, 303);
    let html = await (await admin.get("/admin?tab=facebook")).text();
    assert.match(html, /Facebook access token saved successfully/);
    assert.match(html, /data-fb-status="connected"/);
    assert.doesNotMatch(html, new RegExp(graph.token));

    // The switch unchecked posts no field: the provider's URLs are kept.
    const imported = await admin.postForm("/admin/facebook/import", {});
    assert.equal(imported.status, 303);
    html = await (await admin.get("/admin?tab=facebook")).text();
    assert.match(html, /Imported 4 products from Facebook Commerce Manager/);
    assert.match(html, /data-fb-result="success"/);
    assert.match(html, /Successfully imported 4 new products\./);
    const [uvb] = await db.select().from(products).where(eq(products.fbRetailerId, "RB-FB-UVB-T5"));
    assert.deepEqual(uvb.images, [graph.imageUrl("uvb-kit")]);

    await admin.postForm("/admin/facebook/token", { accessToken: "EAAB-revoked" });
    await admin.get("/admin?tab=facebook");
    await admin.postForm("/admin/facebook/import", { downloadImages: "true" });
    html = await (await admin.get("/admin?tab=facebook")).text();
    assert.match(html, /data-fb-result="error"/);
    assert.match(html, /Invalid OAuth access token/);
  } finally {
    await graph.stop();
  }
});

test(
  "[feeds] /feeds/meta.csv, /feeds/google.xml and /api/meta-commerce/products: public, cacheable, active items only",
  async (db, database) => {
    const name = 'Gecko "Deluxe" hide, small <b> & more';
    const hide = await createProduct(db, { name, slug: "gecko-hide", sku: "HIDE-1", price: "1299.00", stock: 3 });
    await createVariant(db, hide.id, { sku: "HIDE-1-L", name: "Large", price: "1499.00" });
    const old = await createProduct(db, { name: "Archived lamp", sku: "OLD-1" });
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, old.id));
    const visitor = await clientAs(database, null);

    const csv = await visitor.get("/feeds/meta.csv");
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get("content-type") ?? "", /^text\/csv/);
    assert.match(csv.headers.get("cache-control") ?? "", /public, max-age=300/);
    assert.equal(csv.headers.get("set-cookie"), null, "no session cookie on a cacheable feed");
    const csvText = await csv.text();
    assert.match(csvText, /^id,title,description,availability,condition,price,/);
    // A product with variants is listed as its variants: the parent has no one price to buy at.
    assert.doesNotMatch(csvText, /\r\nHIDE-1,/);
    assert.match(csvText, /\r\nHIDE-1-L,"Gecko ""Deluxe"" hide, small <b> & more - Large",/);
    assert.match(csvText, /in stock,new,1499.00 ZAR,,http:\/\/localhost:8000\/product\/gecko-hide,/);
    assert.doesNotMatch(csvText, /Archived lamp|OLD-1/);

    const xml = await visitor.get("/feeds/google.xml");
    assert.equal(xml.status, 200);
    assert.match(xml.headers.get("content-type") ?? "", /^application\/xml/);
    assert.match(xml.headers.get("cache-control") ?? "", /max-age=300/);
    const xmlText = await xml.text();
    assert.match(xmlText, /<title>Gecko &quot;Deluxe&quot; hide, small &lt;b&gt; &amp; more - Large<\/title>/);
    assert.match(xmlText, /<g:item_group_id>HIDE-1<\/g:item_group_id>/);
    assert.doesNotMatch(xmlText, /Archived lamp/);

    const json = await expectJson(await visitor.get("/api/meta-commerce/products"), 200);
    assert.equal(json.count, 1);
    assert.deepEqual(json.items.map((i: { id: string }) => i.id), ["HIDE-1-L"]);
    assert.equal(json.items[0].title, `${name} - Large`);
    assert.equal(json.items[0].price, "1499.00 ZAR");
    assert.equal(json.items[0].itemGroupId, "HIDE-1");
  },
);

closeDatabase();
