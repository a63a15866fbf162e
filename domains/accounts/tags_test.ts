/** Customer tags in bulk (decision 0109): one tag on or off many accounts, all or none, audited per account. */
import assert from "node:assert/strict";
import { asc, eq, inArray } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import { auditLogs, users } from "../../db/schema/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { bulkTagCustomers, MAX_BULK_TAG_ACCOUNTS, TOO_MANY_TO_TAG } from "./mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const tagsOf = async (db: Parameters<typeof bulkTagCustomers>[0], ids: number[]) =>
  (await db.select({ tags: users.tags }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)))
    .map((r) => r.tags);

test("[tags] a tag added to and taken off the chosen accounts: erased ones left out, each change audited", async (db) => {
  const staff = await createUser(db, { username: "pieter", role: "admin" });
  const a = await createUser(db, { username: "vet_a", firstName: "Vet" });
  const b = await createUser(db, { username: "vet_b", firstName: "Vet" });
  await db.update(users).set({ tags: ["clinic"] }).where(eq(users.id, b.id));
  const gone = await createUser(db, { username: "vet_c", firstName: "Vet", deletedAt: new Date() });
  const other = await createUser(db, { username: "sipho" });

  // By the list's filter: the two live vets; b had it already, so one change, one audit entry.
  assert.deepEqual(await bulkTagCustomers(db, staff, { change: "add", tag: "clinic", filter: { q: "vet" } }), {
    matched: 2,
    changed: 1,
  });
  assert.deepEqual(await tagsOf(db, [a.id, b.id, gone.id, other.id]), [["clinic"], ["clinic"], [], []]);
  // By ids, appended after what the account has; then taken off again.
  await bulkTagCustomers(db, staff, { change: "add", tag: "vip", ids: [b.id, gone.id] });
  assert.deepEqual(await tagsOf(db, [b.id, gone.id]), [["clinic", "vip"], []]);
  assert.deepEqual(
    await bulkTagCustomers(db, staff, { change: "remove", tag: "clinic", ids: [a.id, b.id, other.id] }),
    {
      matched: 3,
      changed: 2,
    },
  );
  assert.deepEqual(await tagsOf(db, [a.id, b.id]), [[], ["vip"]]);
  const trail = await db.select().from(auditLogs).where(eq(auditLogs.action, "tags_change")).orderBy(asc(auditLogs.id));
  assert.deepEqual(trail.map((e) => [e.userId, e.entityId, e.details]), [
    [staff.id, a.id, { before: { tags: [] }, after: { tags: ["clinic"] } }],
    [staff.id, b.id, { before: { tags: ["clinic"] }, after: { tags: ["clinic", "vip"] } }],
    [staff.id, a.id, { before: { tags: ["clinic"] }, after: { tags: [] } }],
    [staff.id, b.id, { before: { tags: ["clinic", "vip"] }, after: { tags: ["vip"] } }],
  ]);

  // An account already at ten tags refuses the whole change; nothing is written.
  const full = Array.from({ length: 10 }, (_, i) => `t${i}`);
  await db.update(users).set({ tags: full }).where(eq(users.id, other.id));
  await assert.rejects(
    bulkTagCustomers(db, staff, { change: "add", tag: "new", ids: [a.id, other.id] }),
    (e) => e instanceof ValidationError && /^1 of these accounts already carries 10 tags/.test(e.message),
  );
  assert.deepEqual(await tagsOf(db, [a.id]), [[]], "all or none");
});

test("[tags] a filter naming more accounts than one change may touch is refused", async (db) => {
  const staff = await createUser(db, { username: "pieter", role: "admin" });
  await db.insert(users).values(Array.from({ length: MAX_BULK_TAG_ACCOUNTS + 1 }, (_, i) => ({
    username: `bulk${i}`,
    email: `bulk${i}@example.co.za`,
    password: "x",
  })));
  await assert.rejects(
    bulkTagCustomers(db, staff, { change: "add", tag: "x", filter: { q: "bulk" } }),
    (e) => e instanceof ValidationError && e.message === TOO_MANY_TO_TAG,
  );
  assert.equal(await db.$count(users, eq(users.tags, ["x"])), 0);
});

raceTest(
  "[tags] four bulk changes on the same accounts at once all land, each audited from what it saw",
  async (db) => {
    const staff = await createUser(db, { username: "pieter", role: "admin" });
    const ids = (await db.insert(users).values(Array.from({ length: 2_000 }, (_, i) => ({
      username: `keeper${i}`,
      email: `keeper${i}@example.co.za`,
      password: "x",
    }))).returning({ id: users.id })).map((r) => r.id);
    const tags = ["breeder", "trade", "clinic", "vip"];
    await Promise.all(tags.map((tag) => bulkTagCustomers(db, staff, { change: "add", tag, filter: { q: "keeper" } })));
    for (const t of await tagsOf(db, ids)) assert.deepEqual([...t].sort(), [...tags].sort());
    // Each account's four entries saw 0, 1, 2 and 3 tags before: no change read what another was replacing.
    const trail = await db.select().from(auditLogs).where(eq(auditLogs.action, "tags_change"));
    assert.equal(trail.length, 8_000);
    const seen = new Map<number, number[]>();
    for (const e of trail) {
      const before = (e.details as { before: { tags: string[] } }).before.tags.length;
      seen.set(e.entityId!, [...(seen.get(e.entityId!) ?? []), before].sort());
    }
    for (const counts of seen.values()) assert.deepEqual(counts, [0, 1, 2, 3]);
  },
);

closeDatabase();
