/** Scheduled publishing: a draft whose time has passed becomes active, audited, caches told; no other product moves. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser } from "../../tests/helpers/factories.ts";
import { auditLogs, cacheVersions, products } from "../../db/schema/mod.ts";
import { STOREFRONT } from "../../db/cache_versions.ts";
import { getProduct } from "../catalog/mod.ts";
import { createProduct as staffCreate, publishDueDrafts, updateProduct } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

const NOW = new Date("2026-12-01T07:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

test("[publishing] drafts whose time has passed are published and audited; later, unscheduled and active ones stay", async (db) => {
  const due = await createProduct(db, { slug: "due", status: "draft", publishAt: minutes(-1) });
  const later = await createProduct(db, { slug: "later", status: "draft", publishAt: minutes(5) });
  const unscheduled = await createProduct(db, { slug: "by-hand", status: "draft" });
  const active = await createProduct(db, { slug: "live" });

  assert.deepEqual(await publishDueDrafts(db, NOW), [due.id]);
  const rows = new Map((await db.select().from(products)).map((p) => [p.id, p]));
  assert.equal(rows.get(due.id)!.status, "active");
  assert.equal(rows.get(due.id)!.publishAt, null, "the time is used up");
  assert.equal(rows.get(later.id)!.status, "draft");
  assert.equal(rows.get(unscheduled.id)!.status, "draft");
  assert.equal(rows.get(active.id)!.status, "active");
  assert.equal((await getProduct(db, { slug: "due" })).id, due.id, "on the storefront now");

  const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, due.id));
  assert.equal(entry.userId, null, "by the system");
  assert.equal(entry.action, "update");
  assert.deepEqual((entry.details as { changes: Record<string, unknown> }).changes.status, {
    before: "draft",
    after: "active",
  });
  const [version] = await db.select().from(cacheVersions).where(eq(cacheVersions.name, STOREFRONT));
  assert.ok(version, "the storefront's cached pages are dropped");

  assert.deepEqual(await publishDueDrafts(db, NOW), [], "nothing twice");
  assert.deepEqual(await publishDueDrafts(db, minutes(5)), [later.id], "the later one at its time");
});

test("[publishing] only a draft keeps a publishing time", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const base = { description: "", stock: 0, categoryId: null, featured: false, isNew: false, pudoEligible: true };
  const live = await staffCreate(db, staff.id, {
    ...base,
    name: "Live",
    sku: "LIVE-1",
    price: 100_00,
    salePrice: null,
    status: "active",
    publishAt: minutes(10),
  });
  assert.equal(live.publishAt, null);
  const draft = await staffCreate(db, staff.id, {
    ...base,
    name: "Draft",
    sku: "DRAFT-1",
    price: 100_00,
    salePrice: null,
    status: "draft",
    publishAt: minutes(10),
  });
  assert.deepEqual(draft.publishAt, minutes(10));
  const published = await updateProduct(db, staff.id, draft.id, { status: "active" });
  assert.equal(published.publishAt, null, "publishing by hand clears the time");
  assert.deepEqual(await publishDueDrafts(db, minutes(20)), []);
});

closeDatabase();
