import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import type { Db } from "../../db/client.ts";
import { addresses } from "../../db/schema/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import {
  type AddressOwner,
  createAddress,
  deleteAddress,
  getAddress,
  getAddressDefaults,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "./mod.ts";
import type { CreateAddressInput } from "./schemas.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

/** A customer (Thandi Nkosi unless `names` says otherwise) as the address domain sees her. */
async function createOwner(
  db: Db,
  names: { firstName?: string | null; lastName?: string | null } = {},
): Promise<AddressOwner> {
  const row = await createUser(db, { firstName: "Thandi", lastName: "Nkosi", ...names });
  return { id: row.id, firstName: row.firstName, lastName: row.lastName };
}

function address(change: Partial<CreateAddressInput> = {}): CreateAddressInput {
  return {
    addressLine1: "12 Jacaranda Street",
    city: "Pretoria",
    state: "Gauteng",
    postalCode: "0181",
    ...change,
  };
}

/** The user's pointers and the isDefault flags, checked for agreement. */
async function defaultsOf(db: Db, userId: number) {
  const pointers = await getAddressDefaults(db, userId);
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId));
  const flagged = rows.filter((r) => r.isDefault).map((r) => r.id).sort();
  const expected = [...new Set([pointers.defaultShippingAddressId, pointers.defaultBillingAddressId])]
    .filter((x) => x !== null).sort();
  assert.deepEqual(flagged, expected, "isDefault flags agree with the user's default pointers");
  return { shipping: pointers.defaultShippingAddressId, billing: pointers.defaultBillingAddressId };
}

test("[addresses] the first address becomes the default; names come from the profile", async (db) => {
  const user = await createOwner(db);
  const first = await createAddress(db, user, address({ label: "Home" }));
  assert.equal(first.firstName, "Thandi");
  assert.equal(first.lastName, "Nkosi");
  assert.equal(first.country, "South Africa");
  assert.equal(first.addressType, "both");
  assert.equal(first.isDefault, true);
  assert.equal(first.isDefaultShipping, true);
  assert.equal(first.isDefaultBilling, true);
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: first.id, billing: first.id });
  const second = await createAddress(db, user, address({ firstName: "Sipho", lastName: "", label: "Work" }));
  assert.equal(second.isDefault, false, "a later address is not the default by itself");
  assert.equal(second.firstName, "Sipho", "a given name wins");
  assert.equal(second.lastName, "Nkosi", "an empty name comes from the profile");
  const list = await listAddresses(db, user.id);
  assert.deepEqual(list.map((a) => a.label), ["Home", "Work"], "defaults first");
});

test("[addresses] without profile names, the message asks for them", async (db) => {
  const user = await createOwner(db, { firstName: null, lastName: null });
  await assert.rejects(createAddress(db, user, address()), (e: Error) => {
    assert.ok(e instanceof ValidationError);
    assert.equal(e.message, "First name is required");
    assert.deepEqual(e.issues.map((i) => [i.path, i.message]), [
      ["firstName", "First name is required"],
      ["lastName", "Last name is required"],
    ]);
    return true;
  });
  const ok = await createAddress(db, user, address({ firstName: "Lerato", lastName: "Mokoena" }));
  assert.equal(ok.firstName, "Lerato");
  await assert.rejects(
    createAddress(db, user, address({ postalCode: "12AB" })),
    (e: Error) => e instanceof ValidationError && e.message === "Postal code should contain only numbers",
  );
});

test("[addresses] a new address fills an empty default slot of its type", async (db) => {
  const user = await createOwner(db);
  const shipping = await createAddress(db, user, address({ addressType: "shipping" }));
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: shipping.id, billing: null });
  const billing = await createAddress(db, user, address({ addressType: "billing" }));
  assert.equal(billing.isDefaultBilling, true, "no billing default yet: it becomes one");
  const both = await createAddress(db, user, address({ addressType: "both" }));
  assert.equal(both.isDefault, false, "both slots were taken");
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: shipping.id, billing: billing.id });
  const chosen = await createAddress(db, user, address({ addressType: "both", isDefault: true }));
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: chosen.id, billing: chosen.id }, "isDefault wins");
});

test("[addresses] 'both' as default is the shipping and billing default; a shipping default keeps its billing", async (db) => {
  const user = await createOwner(db);
  const home = await createAddress(db, user, address({ label: "Home" }));
  const work = await createAddress(db, user, address({ label: "Work", addressType: "shipping" }));
  const office = await createAddress(db, user, address({ label: "Office", addressType: "billing" }));
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: home.id, billing: home.id });

  const w = await setDefaultAddress(db, user.id, work.id, "shipping");
  assert.equal(w.isDefaultShipping, true);
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: work.id, billing: home.id });
  const h = await getAddress(db, user.id, home.id);
  assert.equal(h.isDefault, true, "the previous 'both' default stays the billing default");
  assert.equal(h.isDefaultShipping, false);
  assert.equal(h.isDefaultBilling, true);

  await setDefaultAddress(db, user.id, office.id, "billing");
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: work.id, billing: office.id });
  assert.equal((await getAddress(db, user.id, home.id)).isDefault, false, "no longer a default of any type");

  await setDefaultAddress(db, user.id, home.id, "both");
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: home.id, billing: home.id });
  const list = await listAddresses(db, user.id);
  assert.deepEqual(list.map((a) => [a.label, a.isDefault]), [["Home", true], ["Office", false], ["Work", false]]);

  await setDefaultAddress(db, user.id, home.id, "billing");
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: home.id, billing: home.id }, "idempotent");
});

test("[addresses] an address cannot become the default of a type it does not cover", async (db) => {
  const user = await createOwner(db);
  await createAddress(db, user, address());
  const billing = await createAddress(db, user, address({ addressType: "billing" }));
  await assert.rejects(
    setDefaultAddress(db, user.id, billing.id, "shipping"),
    (e: Error) =>
      e instanceof ValidationError &&
      e.message === "This address is for billing only, so it cannot be the default shipping address",
  );
  await assert.rejects(setDefaultAddress(db, user.id, billing.id, "both"), ValidationError);
});

test("[addresses] deleting a default clears the pointer; the user's row follows", async (db) => {
  const user = await createOwner(db);
  const home = await createAddress(db, user, address());
  const work = await createAddress(db, user, address({ addressType: "shipping" }));
  await setDefaultAddress(db, user.id, work.id, "shipping");
  await deleteAddress(db, user.id, work.id);
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: null, billing: home.id });
  await deleteAddress(db, user.id, home.id);
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: null, billing: null });
  assert.deepEqual(await listAddresses(db, user.id), []);
  await assert.rejects(deleteAddress(db, user.id, home.id), NotFoundError);
});

test("[addresses] updates: partial, type changes drop defaults, isDefault sets and clears", async (db) => {
  const user = await createOwner(db);
  const home = await createAddress(db, user, address({ label: "Home", phone: "082 555 0123" }));
  const updated = await updateAddress(db, user.id, home.id, { city: "Durban", state: "KwaZulu-Natal", firstName: "" });
  assert.equal(updated.city, "Durban");
  assert.equal(updated.addressLine1, "12 Jacaranda Street", "absent fields are kept");
  assert.equal(updated.firstName, "Thandi", "an empty name keeps the stored one");
  assert.equal(updated.phone, "082 555 0123");
  assert.ok(updated.updatedAt.getTime() >= home.updatedAt.getTime());
  const cleared = await updateAddress(db, user.id, home.id, { phone: null, label: "" });
  assert.equal(cleared.phone, null);
  assert.equal(cleared.label, null);

  const shippingOnly = await updateAddress(db, user.id, home.id, { addressType: "shipping" });
  assert.equal(shippingOnly.isDefaultShipping, true);
  assert.equal(shippingOnly.isDefaultBilling, false, "no longer a billing address, so not the billing default");
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: home.id, billing: null });

  const other = await createAddress(db, user, address({ label: "Other" }));
  assert.equal(other.isDefaultBilling, true, "fills the empty billing slot");
  await updateAddress(db, user.id, other.id, { isDefault: true });
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: other.id, billing: other.id });
  await updateAddress(db, user.id, other.id, { isDefault: false });
  assert.deepEqual(await defaultsOf(db, user.id), { shipping: null, billing: null });
  await assert.rejects(
    updateAddress(db, user.id, other.id, { postalCode: "abc" }),
    (e: Error) => e instanceof ValidationError && e.message === "Postal code should contain only numbers",
  );
});

test("[addresses] another customer's address is NotFound everywhere", async (db) => {
  const owner = await createOwner(db);
  const stranger = await createOwner(db);
  const mine = await createAddress(db, owner, address());
  await createAddress(db, stranger, address({ label: "Theirs" }));
  const isNotFound = (e: Error) => e instanceof NotFoundError && e.message === "Address not found";
  await assert.rejects(getAddress(db, stranger.id, mine.id), isNotFound);
  await assert.rejects(updateAddress(db, stranger.id, mine.id, { city: "Durban" }), isNotFound);
  await assert.rejects(deleteAddress(db, stranger.id, mine.id), isNotFound);
  await assert.rejects(setDefaultAddress(db, stranger.id, mine.id, "both"), isNotFound);
  await assert.rejects(getAddress(db, owner.id, 9999), isNotFound);
  assert.equal((await getAddress(db, owner.id, mine.id)).city, "Pretoria", "untouched");
  assert.deepEqual((await listAddresses(db, stranger.id)).map((a) => a.label), ["Theirs"]);
  assert.deepEqual(await defaultsOf(db, owner.id), { shipping: mine.id, billing: mine.id });
});

raceTest("[addresses] concurrent changes leave exactly one default per type", async (db) => {
  const user = await createOwner(db);
  const created = [];
  for (let i = 0; i < 6; i++) {
    created.push(await createAddress(db, user, address({ label: `A${i}`, addressType: i % 2 ? "shipping" : "both" })));
  }
  for (let round = 0; round < 3; round++) {
    const order = round % 2 ? [...created].reverse() : created;
    await Promise.all(
      order.map((a, i) =>
        setDefaultAddress(db, user.id, a.id, a.addressType === "both" && i % 2 ? "both" : "shipping")
      ),
    );
    const { shipping, billing } = await defaultsOf(db, user.id);
    assert.ok(created.some((a) => a.id === shipping));
    assert.ok(created.some((a) => a.id === billing));
    const list = await listAddresses(db, user.id);
    assert.equal(list.filter((a) => a.isDefaultShipping).length, 1, "one shipping default");
    assert.equal(list.filter((a) => a.isDefaultBilling).length, 1, "one billing default");
  }
  // Concurrent first addresses of a new customer: exactly one becomes the default.
  const fresh = await createOwner(db);
  const firsts = await Promise.all(
    [0, 1, 2, 3].map((i) => createAddress(db, fresh, address({ label: `F${i}` }))),
  );
  assert.equal(firsts.filter((a) => a.isDefault).length, 1, "one first address");
  const { shipping, billing } = await defaultsOf(db, fresh.id);
  assert.equal(shipping, billing);
});

closeDatabase();
