/** The default addresses read in one statement (order placement, the review step): decision 0062. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/mod.ts";
import { createAddress, createUser } from "../../tests/helpers/factories.ts";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { getAddress, getDefaultAddresses } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();

test("[addresses] the default shipping and billing addresses come back as getAddress reads them", async (db) => {
  const user = await createUser(db);
  const home = await createAddress(db, user.id, { label: "Home" });
  const work = await createAddress(db, user.id, { label: "Work", addressLine1: "1 Office Park" });
  await createAddress(db, user.id, { label: "Holiday" });
  await db.update(users).set({ defaultShippingAddressId: home.id, defaultBillingAddressId: work.id })
    .where(eq(users.id, user.id));
  const got = await getDefaultAddresses(db, user.id);
  assert.deepEqual(got.shippingAddress, await getAddress(db, user.id, home.id));
  assert.deepEqual(got.billingAddress, await getAddress(db, user.id, work.id));
  assert.equal(got.billingAddress?.isDefaultBilling, true);
});

test("[addresses] one address as both defaults; none set; none at all", async (db) => {
  const user = await createUser(db);
  assert.deepEqual(await getDefaultAddresses(db, user.id), { shippingAddress: null, billingAddress: null });
  const home = await createAddress(db, user.id);
  assert.deepEqual(await getDefaultAddresses(db, user.id), { shippingAddress: null, billingAddress: null });
  await db.update(users).set({ defaultShippingAddressId: home.id, defaultBillingAddressId: home.id })
    .where(eq(users.id, user.id));
  const both = await getDefaultAddresses(db, user.id);
  assert.equal(both.shippingAddress?.id, home.id);
  assert.deepEqual(both.billingAddress, both.shippingAddress);
  await db.update(users).set({ defaultBillingAddressId: null }).where(eq(users.id, user.id));
  assert.equal((await getDefaultAddresses(db, user.id)).billingAddress, null);
});

test("[addresses] a default that names another customer's address gives nothing of theirs", async (db) => {
  const user = await createUser(db);
  const other = await createUser(db);
  const theirs = await createAddress(db, other.id, { addressLine1: "99 Someone Else Road" });
  const mine = await createAddress(db, user.id);
  await db.update(users).set({ defaultShippingAddressId: mine.id, defaultBillingAddressId: theirs.id })
    .where(eq(users.id, user.id));
  const got = await getDefaultAddresses(db, user.id);
  assert.equal(got.shippingAddress?.id, mine.id);
  assert.equal(got.billingAddress, null);
});

closeDatabase();
