import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { openTestDatabase, POSTGRES_ONLY, useTestDatabase, usingPostgres } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import { auditLogs, sessions, users } from "../../db/schema/mod.ts";
import type { Db } from "../../db/client.ts";
import { ACCOUNT_DISABLED, authenticate, createSession, hashPassword, validateSessionToken } from "../auth/mod.ts";
import { ForbiddenError } from "../../lib/errors.ts";
import {
  changeUser,
  LAST_SUPER_ADMIN,
  listUsers,
  NOT_YOURSELF,
  ONLY_SUPER_ADMIN_CHANGES_ROLES,
  STAFF_NEEDS_SUPER_ADMIN,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

async function roleOf(db: Db, id: number) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row.role;
}

test("[staff] only a super_admin changes roles; an admin gets 403 and nothing changes", async (db) => {
  const admin = await createUser(db, { role: "admin" });
  const boss = await createUser(db, { role: "super_admin" });
  const customer = await createUser(db);
  await assert.rejects(
    changeUser(db, admin, customer.id, { role: "admin" }),
    (e) => e instanceof ForbiddenError && e.message === ONLY_SUPER_ADMIN_CHANGES_ROLES,
  );
  assert.equal(await roleOf(db, customer.id), "customer");
  await changeUser(db, boss, customer.id, { role: "admin" });
  assert.equal(await roleOf(db, customer.id), "admin");
  const [entry] = await db.select().from(auditLogs);
  assert.deepEqual(
    [entry.entityType, entry.entityId, entry.action, entry.userId, entry.details],
    ["user", customer.id, "role_change", boss.id, { before: { role: "customer" }, after: { role: "admin" } }],
  );
  // A super_admin whose role was taken away since signing in is refused too.
  await db.update(users).set({ role: "admin" }).where(eq(users.id, boss.id));
  await assert.rejects(changeUser(db, boss, customer.id, { role: "customer" }), ForbiddenError);
});

test("[staff] the last active super_admin can be neither demoted nor disabled; with two, one may go", async (db) => {
  const a = await createUser(db, { role: "super_admin" });
  await assert.rejects(changeUser(db, a, a.id, { role: "admin" }), { message: LAST_SUPER_ADMIN });
  const b = await createUser(db, { role: "super_admin" });
  await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, b.id));
  // b is disabled: a is still the last active one.
  await assert.rejects(changeUser(db, a, a.id, { role: "customer" }), { message: LAST_SUPER_ADMIN });
  await changeUser(db, a, b.id, { disabled: false });
  await changeUser(db, a, a.id, { role: "admin" });
  assert.equal(await roleOf(db, a.id), "admin");
  await assert.rejects(changeUser(db, b, b.id, { role: "admin" }), { message: LAST_SUPER_ADMIN });
});

test("[staff] disabling: never oneself, staff only by a super_admin, sessions end, sign-in refused with a clear message", async (db) => {
  const admin = await createUser(db, { role: "admin" });
  const other = await createUser(db, { role: "admin" });
  const boss = await createUser(db, { role: "super_admin" });
  const password = "Gecko-Keeper1";
  const keeper = await createUser(db, { username: "keeper", password: await hashPassword(password) });
  await assert.rejects(changeUser(db, admin, admin.id, { disabled: true }), { message: NOT_YOURSELF });
  await assert.rejects(changeUser(db, admin, other.id, { disabled: true }), { message: STAFF_NEEDS_SUPER_ADMIN });
  const { token } = await createSession(db, { userId: keeper.id });
  await createSession(db, { userId: keeper.id });
  assert.ok(await validateSessionToken(db, token));

  const row = await changeUser(db, admin, keeper.id, { disabled: true });
  assert.ok(row.disabledAt);
  assert.equal(await db.$count(sessions, eq(sessions.userId, keeper.id)), 0, "every session ended");
  assert.equal(await validateSessionToken(db, token), null);
  await assert.rejects(authenticate(db, "keeper", password), { status: 403, message: ACCOUNT_DISABLED });
  await assert.rejects(authenticate(db, "keeper", "wrong-password"), { status: 401 }, "no hint without the password");
  // A session made while disabled (e.g. by a race) is still refused.
  const late = await createSession(db, { userId: keeper.id });
  assert.equal(await validateSessionToken(db, late.token), null);

  await changeUser(db, boss, keeper.id, { disabled: false });
  assert.equal((await authenticate(db, "keeper", password)).id, keeper.id);
  const actions = (await db.select().from(auditLogs).orderBy(auditLogs.id)).map((e) => e.action);
  assert.deepEqual(actions, ["disable", "enable"]);
  await changeUser(db, boss, other.id, { disabled: true });
});

test("[staff] search by username, e-mail or full name, role filter, paging, newest first", async (db) => {
  await createUser(db, { username: "thandi", firstName: "Thandi", lastName: "Nkosi", email: "t@example.co.za" });
  await createUser(db, { username: "pieter", email: "pieter@vandermerwe.co.za", role: "admin" });
  await createUser(db, { username: "gecko_fan" });
  assert.deepEqual((await listUsers(db, { q: "THANDI NK" })).items.map((u) => u.username), ["thandi"]);
  assert.deepEqual((await listUsers(db, { q: "vandermerwe" })).items.map((u) => u.username), ["pieter"]);
  assert.deepEqual((await listUsers(db, { q: "_" })).items.map((u) => u.username), ["gecko_fan"]);
  assert.deepEqual((await listUsers(db, { role: "admin" })).items.map((u) => u.username), ["pieter"]);
  const page2 = await listUsers(db, { page: 2, pageSize: 2 });
  assert.equal(page2.total, 3);
  assert.deepEqual(page2.items.map((u) => u.username), ["thandi"]);
});

Deno.test({
  name: `[staff] two super_admins demoting each other at once: one wins, one super_admin remains ${POSTGRES_ONLY}`,
  ignore: !usingPostgres,
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const database = await openTestDatabase();
    try {
      const db = database.db;
      for (let round = 0; round < 5; round++) {
        await db.delete(auditLogs);
        await db.delete(users);
        const a = await createUser(db, { role: "super_admin" });
        const b = await createUser(db, { role: "super_admin" });
        const results = await Promise.allSettled([
          changeUser(db, a, b.id, { role: "admin" }),
          changeUser(db, b, a.id, { role: "admin" }),
        ]);
        assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, `round ${round}`);
        assert.equal(await db.$count(users, eq(users.role, "super_admin")), 1, `round ${round}`);
      }
    } finally {
      await database.close();
    }
  },
});

closeDatabase();
