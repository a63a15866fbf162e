import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct, createUser } from "../../tests/helpers/factories.ts";
import { sampleCatalogue, startFakeGraphApi } from "../../tests/fakes/graph_api.ts";
import { auditLogs, products, shopSettings, stockMovements } from "../../db/schema/mod.ts";
import type { Db } from "../../db/client.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { readSetting } from "../settings/mod.ts";
import { ConflictError, ValidationError } from "../../lib/errors.ts";
import { GraphUnavailableError, metaStatus, saveAccessToken } from "./mod.ts";
import { importCatalogue, MetaRefusedError } from "../../flows/import_meta_catalogue.ts";

const { test, closeDatabase } = useTestDatabase();

async function setUp(db: Db) {
  const graph = startFakeGraphApi({ items: sampleCatalogue });
  const admin = await createUser(db, { username: "staff", role: "admin" });
  const storage = memoryStorage();
  const meta = { graphApiBase: graph.url, catalogId: graph.catalogId };
  await saveAccessToken(db, graph.token, admin.id);
  return { graph, admin, storage, meta };
}

/** A test of an import from a fake Graph API ({@link setUp}), which is stopped after it whatever happens. */
function importTest(name: string, fn: (db: Db, shop: Awaited<ReturnType<typeof setUp>>) => Promise<void>) {
  test(name, async (db) => {
    const shop = await setUp(db);
    try {
      await fn(db, shop);
    } finally {
      await shop.graph.stop();
    }
  });
}

const byRetailer = async (db: Db, id: string) =>
  (await db.select().from(products).where(eq(products.fbRetailerId, id)))[0];

importTest(
  "[meta import] reads both pages, creates the products, and a second import creates none",
  async (db, { graph, admin, storage, meta }) => {
    const enclosures = await createCategory(db, {
      name: "Enclosures & Housing",
      description: "Glass terraria, PVC enclosures and screen cages.",
    });
    const heating = await createCategory(db, { name: "Heating & Lighting", description: "UVB tubes and kits." });
    const first = await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
    assert.equal(first.importCount, 4);
    assert.equal(first.updatedCount, 0);
    const pages = graph.requests.filter((u) => u.pathname.endsWith("/products"));
    assert.equal(pages.length, 2, "two pages read");
    assert.equal(pages[1].searchParams.get("after"), "2", "the second page is paging.next");
    assert.match(pages[0].searchParams.get("fields")!, /retailer_id/);
    assert.match(first.message, /Read 4 products from 2 pages/);
    assert.match(first.message, /2 products have no category yet/);

    const terrarium = await byRetailer(db, "RB-FB-TERR-6045");
    assert.equal(terrarium.name, "Exo Terra Glass Terrarium 60x45x45");
    assert.equal(terrarium.price, "2499.00");
    assert.equal(terrarium.salePrice, "2199.00");
    assert.equal(terrarium.stock, 5, "quantity_to_sell_on_facebook over inventory");
    assert.equal(terrarium.sku, "RB-FB-TERR-6045", "the retailer id is the SKU when free");
    assert.equal(terrarium.slug, "exo-terra-glass-terrarium-60x45x45");
    assert.equal(terrarium.fbCommerceId, "7001");
    assert.equal(terrarium.fbAvailability, "in stock");
    assert.equal(terrarium.fbCondition, "new");
    assert.equal(terrarium.fbGtin, "0015561226040");
    assert.equal(terrarium.brand, "Exo Terra");
    assert.equal(terrarium.categoryId, enclosures.id);
    assert.ok(terrarium.fbSyncedAt);
    assert.deepEqual(terrarium.images, [graph.imageUrl("terrarium-front"), graph.imageUrl("terrarium-side")]);
    const uvb = await byRetailer(db, "RB-FB-UVB-T5");
    assert.equal(uvb.price, "1149.50");
    assert.equal(uvb.categoryId, heating.id);
    const bowl = await byRetailer(db, "RB-FB-BOWL-M");
    assert.equal(bowl.stock, 0);
    assert.equal(bowl.categoryId, null);
    const mystery = await byRetailer(db, "RB-FB-MYSTERY");
    assert.equal(mystery.price, "350.00");
    assert.equal(mystery.stock, 0, "a pre-order has no stock");
    assert.equal(mystery.fbAvailability, "preorder");

    const created = await db.select().from(auditLogs).where(eq(auditLogs.action, "import_create"));
    assert.equal(created.length, 4);
    assert.equal(created[0].userId, admin.id);
    assert.equal(created[0].entityType, "product");

    // Facebook changes one price and one stock level; nothing else moves.
    graph.items[0].price = "R2,599.00";
    graph.items[1].inventory = 3;
    const second = await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
    assert.equal(second.importCount, 0);
    assert.equal(second.updatedCount, 2);
    assert.equal(second.unchangedCount, 2);
    assert.equal((await db.select().from(products)).length, 4);
    assert.equal((await byRetailer(db, "RB-FB-TERR-6045")).price, "2599.00");
    assert.equal((await byRetailer(db, "RB-FB-UVB-T5")).stock, 3);
    const updates = await db.select().from(auditLogs).where(eq(auditLogs.action, "import_update"))
      .orderBy(auditLogs.id);
    assert.equal(updates.length, 2);
    assert.deepEqual((updates[0].details as { changes: unknown }).changes, {
      price: { before: "2499.00", after: "2599.00" },
    });
    assert.deepEqual((updates[1].details as { changes: unknown }).changes, { stock: { before: 12, after: 3 } });
    // Both stock figures are in the stock history as imports by the staff member (a new product's too).
    const uvbId = (await byRetailer(db, "RB-FB-UVB-T5")).id;
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.productId, uvbId))
      .orderBy(stockMovements.id);
    assert.deepEqual(moves.map((m) => [m.reason, m.delta, m.stockAfter, m.actorUserId]), [
      ["import", 12, 12, admin.id],
      ["import", -9, 3, admin.id],
    ]);

    const third = await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
    assert.deepEqual([third.importCount, third.updatedCount, third.unchangedCount], [0, 0, 4]);
  },
);

importTest(
  "[meta import] 'Download product images' stores the images through the shop's storage",
  async (db, { graph, admin, storage, meta }) => {
    graph.items[2].image_url = graph.imageUrl("missing");
    // Plain http elsewhere than the Graph API's origin is refused (no fetching of internal addresses).
    graph.items[1].additional_image_urls = [
      graph.imageUrl("internal").replace("127.0.0.1", "localhost"),
      `${graph.url}/redirect/uvb`,
    ];
    const result = await importCatalogue(db, { meta, storage }, { downloadImages: true, userId: admin.id });
    assert.equal(result.importCount, 4);
    assert.match(result.message, /2 images could not be downloaded/);
    assert.equal((await byRetailer(db, "RB-FB-UVB-T5")).images.length, 2, "the redirect is followed");
    assert.ok(!graph.requests.some((u) => u.hostname === "localhost"), "http elsewhere is not fetched");
    const terrarium = await byRetailer(db, "RB-FB-TERR-6045");
    assert.equal(terrarium.images.length, 2);
    for (const url of terrarium.images) {
      assert.ok(!url.startsWith(graph.url), url);
      const stored = await storage.get(url.replace(/^\/media\//, ""));
      assert.ok(stored, `${url} is in the storage`);
      // Downloaded pictures go through the same pipeline as uploads: resized WebP.
      assert.equal(new TextDecoder().decode(stored.bytes.subarray(8, 12)), "WEBP", "WebP bytes");
    }
    assert.deepEqual((await byRetailer(db, "RB-FB-BOWL-M")).images, [], "a failed download is left out");
  },
);

importTest(
  "[meta import] a retailer id already used as a SKU and a taken slug get other free ones",
  async (db, { admin, storage, meta }) => {
    await createProduct(db, { sku: "RB-FB-UVB-T5", slug: "arcadia-t5-uvb-kit-12", name: "Our own kit" });
    await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
    const uvb = await byRetailer(db, "RB-FB-UVB-T5");
    assert.equal(uvb.sku, "FB-7002");
    assert.equal(uvb.slug, "arcadia-t5-uvb-kit-12-2");
  },
);

importTest(
  "[meta import] odd items are skipped with a reason, the rest imported",
  async (db, { graph, admin, storage, meta }) => {
    graph.items.push(
      { id: "8001", retailer_id: "USD-1", name: "Dollar thing", price: "$10.00", currency: "USD" },
      { id: "8002", retailer_id: "NOPRICE", name: "No price" },
      { id: "8003", retailer_id: "RB-FB-UVB-T5", name: "Twice", price: "R1.00" },
      { id: "8004", retailer_id: "CTRL", name: "Bad\u0000name\u0007 here", price: "R10.00", availability: "in stock" },
    );
    const result = await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
    assert.equal(result.importCount, 5);
    assert.equal(result.skippedCount, 3);
    assert.match(
      result.message,
      /3 skipped \(USD-1: price in USD, not rand; NOPRICE: no price; RB-FB-UVB-T5: listed twice\)/,
    );
    assert.equal((await byRetailer(db, "CTRL")).name, "Badname here");
    assert.equal((await byRetailer(db, "CTRL")).stock, 0, "in stock without a count: 0");
  },
);

importTest("[meta import] archived products are left archived", async (db, { graph, admin, storage, meta }) => {
  await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
  await db.update(products).set({ archivedAt: new Date() }).where(eq(products.fbRetailerId, "RB-FB-BOWL-M"));
  graph.items[2].price = "R199.00";
  const again = await importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id });
  assert.equal(again.importCount, 0);
  assert.equal(again.skippedCount, 1);
  const bowl = await byRetailer(db, "RB-FB-BOWL-M");
  assert.ok(bowl.archivedAt);
  assert.equal(bowl.price, "189.00");
});

importTest(
  "[meta import] a refused token is a 422 with Facebook's message; nothing is imported",
  async (db, { graph, admin, storage, meta }) => {
    await saveAccessToken(db, "EAAB-expired", admin.id);
    await assert.rejects(
      importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id }),
      (err) =>
        err instanceof MetaRefusedError && err.status === 422 &&
        err.message === "Facebook refused the request: Invalid OAuth access token - Cannot parse access token",
    );
    await saveAccessToken(db, graph.token, admin.id);
    await assert.rejects(
      importCatalogue(db, { meta: { ...meta, catalogId: "999" }, storage }, { downloadImages: false, userId: 1 }),
      (err) => err instanceof MetaRefusedError && /Object with ID '999' does not exist/.test(err.message),
    );
    assert.equal((await db.select().from(products)).length, 0);
    const status = await metaStatus(db, meta);
    assert.equal(status.lastImport?.ok, false);
    assert.match(status.lastImport!.message, /does not exist/);
  },
);

test("[meta import] no catalogue, no token, Facebook down: clear errors", async (db) => {
  const { graph, admin, storage, meta } = await setUp(db);
  try {
    await assert.rejects(
      importCatalogue(db, { meta: { graphApiBase: graph.url }, storage }, { downloadImages: false, userId: admin.id }),
      (err) => err instanceof ConflictError && /META_CATALOG_ID/.test(err.message),
    );
    graph.failNext(1);
    await assert.rejects(
      importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id }),
      (err) => err instanceof GraphUnavailableError && /HTTP 500/.test(err.message),
    );
    await db.delete(shopSettings);
    await assert.rejects(
      importCatalogue(db, { meta, storage }, { downloadImages: false, userId: admin.id }),
      (err) => err instanceof ValidationError && err.message === "Please enter an access token",
    );
    // META_ACCESS_TOKEN stands in when no token is saved.
    const fromEnv = await importCatalogue(db, { meta: { ...meta, accessToken: graph.token }, storage }, {
      downloadImages: false,
      userId: admin.id,
    });
    assert.equal(fromEnv.importCount, 4);
  } finally {
    await graph.stop();
  }
  // The server is gone: a network failure.
  await assert.rejects(
    importCatalogue(db, { meta: { ...meta, accessToken: "x" }, storage: memoryStorage() }, {
      downloadImages: false,
      userId: admin.id,
    }),
    (err) => err instanceof GraphUnavailableError && /Could not reach Facebook/.test(err.message),
  );
});

test("[meta import] the token is stored, its audit entry hides it, and the status never carries it", async (db) => {
  const admin = await createUser(db, { username: "staff", role: "admin" });
  const meta = { graphApiBase: "http://127.0.0.1:9", catalogId: "42" };
  assert.deepEqual(await metaStatus(db, meta), {
    catalogId: "42",
    apiVersion: "v18.0",
    connected: false,
    tokenSource: null,
    lastImport: null,
  });
  assert.equal((await metaStatus(db, { ...meta, accessToken: "env" })).tokenSource, "environment");
  await saveAccessToken(db, "EAAB-secret-token-value", admin.id);
  await saveAccessToken(db, "EAAB-secret-token-value-2", admin.id);
  const status = await metaStatus(db, meta);
  assert.equal(status.connected, true);
  assert.equal(status.tokenSource, "saved");
  assert.doesNotMatch(JSON.stringify(status), /secret/);
  const audit = await db.select().from(auditLogs).where(
    and(eq(auditLogs.entityType, "setting"), eq(auditLogs.userId, admin.id)),
  ).orderBy(auditLogs.id);
  assert.deepEqual(audit.map((a) => a.action), ["create", "update"]);
  assert.doesNotMatch(JSON.stringify(audit), /secret/);
  assert.equal(await readSetting(db, "meta.accessToken"), "EAAB-secret-token-value-2");
});

importTest(
  "[meta import] image links on internal addresses are refused and named in the result",
  async (db, { graph, admin, storage, meta }) => {
    graph.items[0].image_url = "https://images.evil.example/terrarium.jpg";
    graph.items[0].additional_image_urls = ["https://[::ffff:169.254.169.254]/latest/meta-data/"];
    const fetched: string[] = [];
    // The Graph API is the local fake; any other URL reaching fetch would be a leak.
    const guarded = ((input: URL | string, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith(graph.url)) return fetch(input, init);
      fetched.push(url);
      return Promise.resolve(new Response("secret", { status: 200 }));
    }) as typeof fetch;
    const resolveHost = (host: string) => Promise.resolve(host === "images.evil.example" ? ["10.0.0.8"] : []);
    const result = await importCatalogue(db, { meta, storage, fetch: guarded, resolveHost }, {
      downloadImages: true,
      userId: admin.id,
    });
    assert.equal(result.importCount, 4);
    assert.match(result.message, /2 image links point at an internal address: refused\./);
    assert.deepEqual(fetched, []);
    assert.deepEqual((await byRetailer(db, "RB-FB-TERR-6045")).images, []);
  },
);

closeDatabase();
