/**
 * Staff tell the shop what a product does in an animal's setup (docs/animals.md): a product's setup
 * rules through /api/admin/products/{id}/setup-rules and the /admin/products/{id}/setup page. Admins
 * only; a rule is checked against its need, the product's own variants and the species profiles; one
 * rule per need and product (or variant); each write audited on the product; the setup checklist
 * offers the product as soon as its rule is saved, and stops when it is removed.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testClient } from "../helpers/client.ts";
import { signedInAs, staffAccount } from "../helpers/staff.ts";
import { createProduct, createVariant } from "../helpers/factories.ts";
import { demoCatalogueApp } from "../helpers/demo_shop.ts";
import { tubeRule } from "../helpers/setup_rules.ts";
import { auditLogs, productHusbandry, products } from "../../db/schema/mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

/** A rule as the API takes it: the product-wide UVB tube unless `over` says otherwise. */
function rule(over: Record<string, unknown> = {}) {
  return { ...tubeRule, ...over };
}

/** The setup page's "Suitable for" line as text. */
function suitsOf(html: string): string {
  return html.match(/data-suits="true">([\s\S]*?)<\/p>/)?.[1].replace(/<!-- -->|<[^>]+>/g, "").trim() ?? "";
}

/** The names the checklist of `slug` offers for `need`. */
async function offered(app: Parameters<typeof testClient>[0], slug: string, need: string): Promise<string[]> {
  const res = await testClient(app).get(`/api/animals/${slug}/setup`);
  assert.equal(res.status, 200);
  const list = await res.json();
  return list.needs.find((n: { need: string }) => n.need === need).products.map((p: { name: string }) => p.name);
}

test("[setup rules] only staff read or write a product's rules", async (db, database) => {
  const app = await demoCatalogueApp(db, database);
  const tube = await createProduct(db, { name: "Solarmax T5 12% tube", price: "99.00", stock: 5 });
  const path = `/api/admin/products/${tube.id}/setup-rules`;
  assert.equal((await testClient(app).get(path)).status, 401);
  assert.equal((await testClient(app).postJson(path, rule())).status, 401);
  const customer = await signedInAs(db, database, "customer", app);
  assert.equal((await customer.get(path)).status, 403);
  assert.equal((await customer.postJson(path, rule())).status, 403);
  assert.equal((await customer.get(`/admin/products/${tube.id}/setup`)).status, 303, "sent away from the admin");
  assert.equal((await db.select().from(productHusbandry).where(eq(productHusbandry.productId, tube.id))).length, 0);
});

test(
  "[setup rules] a new tube reaches the checklist of the species it suits as soon as its rule is saved",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const admin = await signedInAs(db, database, "admin", app);
    const tube = await createProduct(db, { name: "Solarmax T5 12% tube", price: "99.00", stock: 5 });
    assert.ok(!(await offered(app, "bearded-dragon", "uvb")).includes(tube.name), "no rule: not offered");

    const made = await admin.postJson(`/api/admin/products/${tube.id}/setup-rules`, rule());
    assert.equal(made.status, 201);
    const body = await made.json();
    assert.equal(body.need, "uvb");
    assert.equal(body.variantName, null);
    assert.ok((await offered(app, "bearded-dragon", "uvb")).includes(tube.name), "a desert species needing 12%");
    assert.ok(!(await offered(app, "leopard-gecko", "uvb")).includes(tube.name), "too strong for a gecko");
    const listed = await (await admin.get(`/api/admin/products/${tube.id}/setup-rules`)).json();
    assert.deepEqual(listed.rules.map((r: { id: number }) => r.id), [body.id]);

    // Limited to one species: another desert species with the same UVB needs no longer sees it.
    const limited = await admin.postJson(
      `/api/admin/products/${tube.id}/setup-rules/${body.id}`,
      rule({ speciesSlugs: ["blue-tongued-skink"] }),
      "PUT",
    );
    assert.equal(limited.status, 200);
    assert.ok(!(await offered(app, "bearded-dragon", "uvb")).includes(tube.name));

    const removed = await admin.request(`/api/admin/products/${tube.id}/setup-rules/${body.id}`, { method: "DELETE" });
    assert.equal(removed.status, 200);
    assert.equal((await removed.json()).message, "Setup rule removed");
    assert.equal((await db.select().from(productHusbandry).where(eq(productHusbandry.productId, tube.id))).length, 0);

    const trail = await db.select({ action: auditLogs.action, details: auditLogs.details }).from(auditLogs)
      .where(and(eq(auditLogs.entityType, "product"), eq(auditLogs.entityId, tube.id))).orderBy(auditLogs.id);
    assert.deepEqual(trail, [
      { action: "setup_rule_added", details: { setupRule: "UVB lighting, every variant" } },
      {
        action: "setup_rule_changed",
        details: {
          setupRule: "UVB lighting, every variant",
          changes: { speciesSlugs: { before: [], after: ["blue-tongued-skink"] } },
        },
      },
      { action: "setup_rule_removed", details: { setupRule: "UVB lighting, every variant" } },
    ]);
  },
);

test(
  "[setup rules] a rule that means nothing, or names what is not there, is refused and nothing is written",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const admin = await signedInAs(db, database, "admin", app);
    const cage = await createProduct(db, { name: "Karoo PVC 150x60x60", price: "2999.00", stock: 2 });
    const other = await createProduct(db, { name: "Another cage", price: "1999.00", stock: 2 });
    const small = await createVariant(db, cage.id, { name: "Small" });
    const big = await createVariant(db, cage.id, { name: "Big" });
    const foreign = await createVariant(db, other.id, { name: "Foreign" });
    const path = `/api/admin/products/${cage.id}/setup-rules`;
    const enclosure = { need: "enclosure", uvbPct: null, tubeLengthCm: null, replacementMonths: null };
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [rule(enclosure), 400, "enclosureLengthCm", "An enclosure needs its length, width and height"],
      [rule({ ...enclosure, enclosureLengthCm: 150 }), 400, "enclosureLengthCm", "An enclosure needs its length"],
      [rule({ uvbPct: null }), 400, "uvbPct", "A UVB lamp needs its UVB strength"],
      [rule({ need: "heating", uvbPct: null }), 400, "tubeLengthCm", "Only a UVB lamp has a tube length"],
      [rule({ enclosureLengthCm: 60, enclosureWidthCm: 45, enclosureHeightCm: 45 }), 400, "enclosureLengthCm", "Only"],
      [rule({ uvbPct: 31 }), 400, "uvbPct", "The UVB strength is 1-30%"],
      [rule({ tubeLengthCm: 1e9 }), 400, "tubeLengthCm", "The tube's length is 5-2000 cm"],
      [rule({ need: "lighting" }), 400, "need", "Choose the need this product covers"],
      [rule({ habitats: ["moon"] }), 400, "habitats.0", "Unknown habitat"],
      [rule({ variantId: foreign.id }), 400, "variantId", "Choose one of this product's variants"],
      [rule({ variantId: 2 ** 31 }), 400, "variantId", "Choose one of this product's variants"],
      [rule({ speciesSlugs: ["komodo-dragon"] }), 400, "speciesSlugs", "Unknown species: komodo-dragon"],
      [rule({ notes: "x" }), 400, "", "Unrecognized key"],
    ];
    for (const [input, status, field, words] of refusals) {
      const res = await admin.postJson(path, input);
      assert.equal(res.status, status, JSON.stringify(input));
      const answer = await res.json();
      assert.ok(answer.message.includes(words) || JSON.stringify(answer).includes(words), JSON.stringify(answer));
      if (field) assert.ok(answer.issues.some((i: { path: string }) => i.path === field), JSON.stringify(answer));
    }
    assert.equal((await admin.postJson(`/api/admin/products/99999/setup-rules`, rule())).status, 404);
    assert.equal((await admin.postJson(`/api/admin/products/0/setup-rules`, rule())).status, 400);
    assert.equal((await db.select().from(productHusbandry).where(eq(productHusbandry.productId, cage.id))).length, 0);

    // One rule per need for the product.
    const size = { ...enclosure, enclosureLengthCm: 150, enclosureWidthCm: 60, enclosureHeightCm: 60, habitats: [] };
    assert.equal((await admin.postJson(path, rule(size))).status, 201);
    const twice = await admin.postJson(path, rule(size));
    assert.equal(twice.status, 409);
    assert.deepEqual(
      { message: (await twice.json()).message, field: "need" },
      { message: 'This product already has a rule for "Enclosure"', field: "need" },
    );
    // A rule for every variant never stands beside a variant's own for the same need: both would apply to it.
    const mixed = await admin.postJson(path, rule({ ...size, variantId: small.id, enclosureLengthCm: 90 }));
    assert.equal(mixed.status, 409);
    assert.match((await mixed.json()).message, /has a rule for "Enclosure" for every variant/);
    const [wide] = await db.select({ id: productHusbandry.id }).from(productHusbandry)
      .where(eq(productHusbandry.productId, cage.id));
    assert.equal((await admin.request(`${path}/${wide.id}`, { method: "DELETE" })).status, 200);
    // Then one per need for each variant.
    const forSmall = await admin.postJson(path, rule({ ...size, variantId: small.id, enclosureLengthCm: 90 }));
    assert.equal(forSmall.status, 201);
    assert.equal((await admin.postJson(path, rule({ ...size, variantId: big.id }))).status, 201);
    const again = await admin.postJson(path, rule({ ...size, variantId: small.id }));
    assert.equal(again.status, 409);
    assert.match((await again.json()).message, /The variant Small already has a rule for "Enclosure"/);
    const overAll = await admin.postJson(path, rule(size));
    assert.equal(overAll.status, 409);
    assert.match((await overAll.json()).message, /Some variants have their own rule for "Enclosure"/);
    // Moving a variant's rule to every variant is the same clash while the other variant keeps its own.
    const smallRule = (await forSmall.json()).id;
    const moved = await admin.postJson(`${path}/${smallRule}`, rule({ ...size, variantId: null }), "PUT");
    assert.equal(moved.status, 409);
    // A product-wide rule for another need stands beside the variants' rules.
    const heat = { ...size, need: "heating", enclosureLengthCm: null, enclosureWidthCm: null, enclosureHeightCm: null };
    assert.equal((await admin.postJson(path, rule(heat))).status, 201);
  },
);

test("[setup rules] a rule belongs to its product: another product's path finds nothing", async (db, database) => {
  const app = await demoCatalogueApp(db, database);
  const admin = await signedInAs(db, database, "admin", app);
  const tube = await createProduct(db, { name: "Tube A", price: "99.00", stock: 5 });
  const mat = await createProduct(db, { name: "Mat B", price: "99.00", stock: 5 });
  const made = await (await admin.postJson(`/api/admin/products/${tube.id}/setup-rules`, rule())).json();
  const elsewhere = `/api/admin/products/${mat.id}/setup-rules/${made.id}`;
  assert.equal((await admin.postJson(elsewhere, rule({ uvbPct: 6 }), "PUT")).status, 404);
  assert.equal((await admin.request(elsewhere, { method: "DELETE" })).status, 404);
  assert.equal((await admin.postForm(`/admin/products/${mat.id}/setup-rules/${made.id}/delete`, {})).status, 404);
  assert.equal((await admin.get(`/admin/products/${mat.id}/setup?rule=${made.id}`)).status, 404);
  assert.equal((await admin.get(`/admin/products/${mat.id}/setup?rule=abc`)).status, 404);
  assert.equal((await admin.get("/api/admin/products/99999/setup-rules")).status, 404);
  assert.equal((await admin.get("/admin/products/99999/setup")).status, 404);
  assert.equal((await admin.get("/admin/products/abc/setup")).status, 400);
  assert.equal((await admin.request(`/api/admin/products/${tube.id}/setup-rules/x`, { method: "DELETE" })).status, 400);
  const [row] = await db.select().from(productHusbandry).where(eq(productHusbandry.id, made.id));
  assert.equal(row.uvbPct, 12, "unchanged");
});

test(
  "[setup rules] the page lists the rules and its form adds, changes and removes one without JavaScript",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const admin = await signedInAs(db, database, "admin", app);
    const tube = await createProduct(db, { name: "Solarmax T5 tube", price: "99.00", stock: 5 });
    const page = await (await admin.get(`/admin/products/${tube.id}/setup`)).text();
    assert.match(page, /No setup rules yet/);
    assert.match(suitsOf(page), /^Suitable for: no species yet/);
    assert.match(page, /name="species_bearded-dragon"/);
    const edit = await (await admin.get(`/admin/products/${tube.id}`)).text();
    assert.match(edit, new RegExp(`href="/admin/products/${tube.id}/setup"`), "the edit page links to it");

    const fields = { need: "uvb", variantId: "", uvbPct: "12", tubeLengthCm: "85", habitat_desert: "on" };
    const refused = await admin.postForm(`/admin/products/${tube.id}/setup-rules`, { ...fields, uvbPct: "" });
    assert.equal(refused.status, 400);
    const again = await refused.text();
    assert.match(again, /A UVB lamp needs its UVB strength/);
    assert.match(again, /name="tubeLengthCm"[^>]*value="85"/, "what was typed stays");
    assert.match(again, /name="habitat_desert"[^>]*checked/);

    const added = await admin.postForm(`/admin/products/${tube.id}/setup-rules`, { ...fields, staffPick: "on" });
    assert.equal(added.status, 303);
    assert.equal(added.headers.get("location"), `/admin/products/${tube.id}/setup`);
    const [row] = await db.select().from(productHusbandry).where(eq(productHusbandry.productId, tube.id));
    assert.deepEqual(
      [row.need, row.uvbPct, row.tubeLengthCm, row.habitats, row.staffPick, row.variantId],
      ["uvb", 12, 85, ["desert"], true, null],
    );
    const listed = await (await admin.get(`/admin/products/${tube.id}/setup`)).text();
    assert.match(listed, /12% UVB · 85 cm tube · Desert/);
    // What the product page will say: the species a 12% tube suits in a desert set-up.
    const suits = suitsOf(listed);
    assert.match(suits, /Bearded dragon/);
    assert.doesNotMatch(suits, /Leopard gecko|Axolotl/);

    const form = await (await admin.get(`/admin/products/${tube.id}/setup?rule=${row.id}`)).text();
    assert.match(form, /Change the rule: UVB lighting, every variant/);
    assert.match(form, /name="uvbPct"[^>]*value="12"/);
    const saved = await admin.postForm(`/admin/products/${tube.id}/setup-rules/${row.id}`, {
      ...fields,
      uvbPct: "14",
      habitat_arid: "on",
    });
    assert.equal(saved.status, 303);
    const [after] = await db.select().from(productHusbandry).where(eq(productHusbandry.id, row.id));
    assert.deepEqual([after.uvbPct, after.habitats, after.staffPick], [14, ["desert", "arid"], false]);

    // The form reads a size only for an enclosure and a strength only for a UVB lamp (the page hides them otherwise).
    const heater = await createProduct(db, { name: "Heat mat", price: "99.00", stock: 5 });
    const mat = await admin.postForm(`/admin/products/${heater.id}/setup-rules`, {
      need: "heating",
      variantId: "",
      uvbPct: "12",
      enclosureLengthCm: "60",
    });
    assert.equal(mat.status, 303);
    const [heat] = await db.select().from(productHusbandry).where(eq(productHusbandry.productId, heater.id));
    assert.deepEqual([heat.need, heat.uvbPct, heat.enclosureLengthCm], ["heating", null, null]);

    const gone = await admin.postForm(`/admin/products/${tube.id}/setup-rules/${row.id}/delete`, {});
    assert.equal(gone.status, 303);
    assert.match(decodeURIComponent(admin.cookies.get("flash") ?? ""), /Setup rule removed/);
    assert.equal((await db.select().from(productHusbandry).where(eq(productHusbandry.productId, tube.id))).length, 0);
  },
);

test("[setup rules] the products list finds the products no setup checklist offers yet", async (db, database) => {
  const app = await demoCatalogueApp(db, database);
  const admin = await signedInAs(db, database, "admin", app);
  const tube = await createProduct(db, { name: "Unruled tube", sku: "UNRULED-1", price: "99.00", stock: 5 });
  const [ruled] = await db.select({ productId: productHusbandry.productId, sku: products.sku })
    .from(productHusbandry).innerJoin(products, eq(products.id, productHusbandry.productId)).limit(1);
  /** Which of the two products the list shows with this filter (each looked up by its SKU). */
  const listed = async (setup: string) => {
    const shown: number[] = [];
    for (const [id, sku] of [[tube.id, "UNRULED-1"], [ruled.productId, ruled.sku]] as const) {
      const html = await (await admin.get(`/admin/products?setup=${setup}&q=${sku}`)).text();
      if (html.includes(`data-product-row="${id}"`)) shown.push(id);
    }
    return shown;
  };
  assert.deepEqual(await listed("none"), [tube.id]);
  assert.deepEqual(await listed("some"), [ruled.productId]);
  assert.equal((await admin.get("/admin/products?setup=maybe")).status, 400);
  const csv = async (setup: string) => await (await admin.get(`/api/admin/products/export.csv?setup=${setup}`)).text();
  assert.match(await csv("none"), /UNRULED-1/);
  assert.doesNotMatch(await csv("some"), /UNRULED-1/);

  await admin.postJson(`/api/admin/products/${tube.id}/setup-rules`, rule());
  assert.deepEqual(await listed("none"), []);
  assert.deepEqual(await listed("some"), [tube.id, ruled.productId]);
  // "All N matching" of a bulk edit reads the same filter.
  const bulk = await admin.postJson("/api/admin/products/bulk", {
    action: "set_featured",
    value: true,
    filter: { q: "Unruled", setup: "none" },
  });
  assert.equal(bulk.status, 200);
  assert.equal((await bulk.json()).updated, 0, "the tube has a rule now");
});

raceTest(
  "[setup rules] two staff adding the same rule at once: one is added, the other told it exists",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const one = (await staffAccount(db, database, "admin", "admin_one", {}, app)).client;
    const two = (await staffAccount(db, database, "admin", "admin_two", {}, app)).client;
    const tube = await createProduct(db, { name: "Raced tube", price: "99.00", stock: 5 });
    const path = `/api/admin/products/${tube.id}/setup-rules`;
    for (let round = 0; round < 5; round++) {
      await db.delete(productHusbandry).where(eq(productHusbandry.productId, tube.id));
      const answers = await Promise.all([one.postJson(path, rule()), two.postJson(path, rule())]);
      assert.deepEqual(answers.map((r) => r.status).sort(), [201, 409]);
      const refused = answers.find((r) => r.status === 409)!;
      assert.equal((await refused.json()).message, 'This product already has a rule for "UVB lighting"');
      assert.equal((await db.select().from(productHusbandry).where(eq(productHusbandry.productId, tube.id))).length, 1);
    }
  },
);

closeDatabase();
