/**
 * Staff edit species profiles (docs/animals.md): admins only, ranges checked, every change audited
 * field by field, and the storefront shows the new facts.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testClient } from "../helpers/client.ts";
import { signedInAs } from "../helpers/staff.ts";
import { auditLogs, species } from "../../db/schema/mod.ts";
import { speciesProfileJson } from "../../routes/api/animals_json.ts";
import { getSpecies } from "../../domains/animals/mod.ts";
import { demoCatalogueApp } from "../helpers/demo_shop.ts";

const { test, closeDatabase } = useTestDatabase();

/** The editable fields of a profile, as the API takes them. */
async function bodyOf(db: Parameters<typeof getSpecies>[0], slug: string) {
  const s = await getSpecies(db, slug);
  return {
    commonName: s.commonName,
    scientificName: s.scientificName,
    nicknames: s.nicknames,
    adultSize: s.adultSize,
    lifespan: s.lifespan,
    diet: s.diet,
    baskingMinC: s.baskingMinC,
    baskingMaxC: s.baskingMaxC,
    warmMinC: s.warmMinC,
    warmMaxC: s.warmMaxC,
    coolMinC: s.coolMinC,
    coolMaxC: s.coolMaxC,
    nightMinC: s.nightMinC,
    nightMaxC: s.nightMaxC,
    humidityMinPct: s.humidityMinPct,
    humidityMaxPct: s.humidityMaxPct,
    uvbMinPct: s.uvbMinPct,
    uvbMaxPct: s.uvbMaxPct,
    uvbZone: s.uvbZone,
    enclosureLengthCm: s.enclosureLengthCm,
    enclosureWidthCm: s.enclosureWidthCm,
    enclosureHeightCm: s.enclosureHeightCm,
    substrate: s.substrate,
    difficulty: s.difficulty,
    careSummary: s.careSummary,
    legalNote: s.legalNote,
  };
}

test(
  "[admin animals] only staff edit a profile; ranges are checked; each change is audited and shown",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const body = await bodyOf(db, "bearded-dragon");
    assert.equal((await testClient(app).postJson("/api/admin/animals/bearded-dragon", body, "PUT")).status, 401);
    const customer = await signedInAs(db, database, "customer", app);
    assert.equal((await customer.postJson("/api/admin/animals/bearded-dragon", body, "PUT")).status, 403);

    const admin = await signedInAs(db, database, "admin", app);
    const backwards = await admin.postJson("/api/admin/animals/bearded-dragon", { ...body, warmMinC: 36 }, "PUT");
    assert.equal(backwards.status, 400);
    assert.match(JSON.stringify(await backwards.json()), /The warm range runs from low to high/);
    const half = await admin.postJson("/api/admin/animals/bearded-dragon", { ...body, baskingMaxC: null }, "PUT");
    assert.equal(half.status, 400);
    assert.match(JSON.stringify(await half.json()), /Give both ends of the basking range, or neither/);
    assert.equal((await admin.postJson("/api/admin/animals/komodo-dragon", body, "PUT")).status, 404);

    const saved = await admin.postJson(
      "/api/admin/animals/bearded-dragon",
      { ...body, baskingMinC: 38, baskingMaxC: 42 },
      "PUT",
    );
    assert.equal(saved.status, 200);
    assert.deepEqual((await saved.json()).temperaturesC.basking, { min: 38, max: 42 });
    const [row] = await db.select({ id: species.id }).from(species).where(eq(species.slug, "bearded-dragon"));
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "species"));
    assert.equal(trail.length, 1);
    assert.equal(trail[0].entityId, row.id);
    assert.equal(trail[0].userId, admin.userId);
    assert.deepEqual(trail[0].details, {
      changes: { baskingMinC: { before: 40, after: 38 }, baskingMaxC: { before: 45, after: 42 } },
    });
    // Saving the same again records nothing.
    await admin.postJson("/api/admin/animals/bearded-dragon", { ...body, baskingMinC: 38, baskingMaxC: 42 }, "PUT");
    assert.equal((await db.select().from(auditLogs).where(eq(auditLogs.entityType, "species"))).length, 1);
    // The storefront shows it.
    assert.deepEqual(speciesProfileJson(await getSpecies(db, "bearded-dragon")).temperaturesC.basking, {
      min: 38,
      max: 42,
    });
    assert.match(await (await testClient(app).get("/animals/bearded-dragon")).text(), /Basking spot: 38–42 °C/);
  },
);

test(
  "[admin animals] the species screen and its form work without JavaScript; customers are kept out",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const customer = await signedInAs(db, database, "customer", app);
    const away = await customer.get("/admin/animals");
    assert.equal(away.status, 303, "a customer is sent away from the admin area");
    assert.doesNotMatch(await away.text(), /admin\/animals\/leopard-gecko/);
    const admin = await signedInAs(db, database, "admin", app);
    const list = await (await admin.get("/admin/animals")).text();
    assert.match(list, /href="\/admin\/animals\/leopard-gecko"/);
    const form = await (await admin.get("/admin/animals/leopard-gecko")).text();
    assert.match(form, /name="warmMinC"[^>]*value="28"/);
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(await bodyOf(db, "leopard-gecko"))) {
      fields[k] = v === null ? "" : Array.isArray(v) ? v.join(", ") : String(v);
    }
    const posted = await admin.postForm("/admin/animals/leopard-gecko", { ...fields, lifespan: "15-25 years" });
    assert.equal(posted.status, 303);
    assert.equal((await getSpecies(db, "leopard-gecko")).lifespan, "15-25 years");
    assert.equal((await getSpecies(db, "leopard-gecko")).legalNote, null, "an empty legal note stays none");
    assert.match(await (await admin.get("/admin/animals/leopard-gecko")).text(), /: lifespan</);
    const bad = await admin.postForm("/admin/animals/leopard-gecko", { ...fields, warmMinC: "" });
    assert.equal(bad.status, 303);
    assert.match(decodeURIComponent(admin.cookies.get("flash") ?? ""), /Species not saved/);
  },
);

closeDatabase();
