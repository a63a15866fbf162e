/**
 * One action, two doors: each action a page posts to without JavaScript (formRoute) is used once
 * through its JSON route and once through its form, by two customers in the same state, and what it
 * did to the database must be the same. A refusal must be refused both ways with the same words.
 * A form route that drifts from its action (its own validation, its own write) fails here.
 */
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { addresses, cartItems, newsletterSubscriptions, users } from "../../db/schema/mod.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createProduct, homeAddress } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

/** A full address form, as the address book's dialog and form send it. */
const home = {
  ...homeAddress,
  label: "Home",
  addressType: "both",
  addressLine2: "Sunridge Complex",
  country: "South Africa",
  phone: "082 555 0123",
  instructions: "Ring twice",
};

let counter = 0;

async function customer(database: Database): Promise<{ client: TestClient; id: number }> {
  const client = testClient(testApp(database));
  const n = ++counter;
  const me = await registerCustomer(client, { username: `parity_${n}`, email: `parity${n}@example.co.za` });
  return { client, id: me.id ?? me.user?.id };
}

/** A customer's address book as it would read the same for anyone: no ids, owners or times. */
async function addressBook(db: Db, userId: number) {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return {
    addresses: rows.map(({ id: _id, userId: _u, createdAt: _c, updatedAt: _up, ...rest }) => rest),
    defaultShipping: rows.findIndex((r) => r.id === user.defaultShippingAddressId),
    defaultBilling: rows.findIndex((r) => r.id === user.defaultBillingAddressId),
  };
}

async function cartLines(db: Db, userId: number) {
  return await db.select({
    productId: cartItems.productId,
    variantId: cartItems.variantId,
    quantity: cartItems.quantity,
  })
    .from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.productId));
}

async function addressIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.id));
  return rows.map((r) => r.id);
}

const firstAddressId = async (db: Db, userId: number) => (await addressIds(db, userId))[0];
const secondAddressId = async (db: Db, userId: number) => (await addressIds(db, userId))[1];

interface Case {
  name: string;
  /** Brings a fresh customer to the state the action starts from. */
  setup?: (client: TestClient, db: Db, userId: number) => Promise<void>;
  json: (client: TestClient, db: Db, userId: number) => Promise<Response>;
  form: (client: TestClient, db: Db, userId: number) => Promise<Response>;
  state: (db: Db, userId: number) => Promise<unknown>;
}

const withOneAddress = async (client: TestClient) => {
  assert.equal((await client.postJson("/api/addresses", home)).status, 201);
};

let productId = 0;

const newProfile = { firstName: "Sipho", lastName: "Dlamini", phone: "082 555 0199" };

async function emailOf(db: Db, userId: number): Promise<string> {
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return u.email;
}

const CASES: Case[] = [
  {
    name: "add an address",
    json: (client) => client.postJson("/api/addresses", home),
    form: (client) => client.postForm("/address-book", home),
    state: addressBook,
  },
  {
    name: "edit an address (ticking default)",
    setup: async (client) => {
      assert.equal((await client.postJson("/api/addresses", { ...home, label: "Work" })).status, 201);
      await withOneAddress(client);
    },
    json: async (client, db, userId) =>
      await client.postJson(
        `/api/addresses/${await secondAddressId(db, userId)}`,
        { ...home, city: "Durban", isDefault: true },
        "PUT",
      ),
    form: async (client, db, userId) =>
      await client.postForm(`/address-book/${await secondAddressId(db, userId)}`, {
        ...home,
        city: "Durban",
        isDefault: "on",
        wasDefault: "false",
      }),
    state: addressBook,
  },
  {
    name: "make an address the default for billing",
    setup: async (client) => {
      await withOneAddress(client);
      await withOneAddress(client);
    },
    json: async (client, db, userId) =>
      await client.postJson(`/api/addresses/${await secondAddressId(db, userId)}/default`, { addressType: "billing" }),
    form: async (client, db, userId) =>
      await client.postForm(`/address-book/${await secondAddressId(db, userId)}/default`, { addressType: "billing" }),
    state: addressBook,
  },
  {
    name: "delete an address",
    setup: withOneAddress,
    json: async (client, db, userId) =>
      await client.request(`/api/addresses/${await firstAddressId(db, userId)}`, { method: "DELETE" }),
    form: async (client, db, userId) =>
      await client.postForm(`/address-book/${await firstAddressId(db, userId)}/delete`, {}),
    state: addressBook,
  },
  {
    name: "change the profile",
    json: async (client, db, userId) =>
      await client.postJson("/api/account/profile", { ...newProfile, email: await emailOf(db, userId) }, "PUT"),
    form: async (client, db, userId) =>
      await client.postForm("/account/profile", { ...newProfile, email: await emailOf(db, userId) }),
    state: async (db, userId) => {
      const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone })
        .from(users).where(eq(users.id, userId));
      return u;
    },
  },
  {
    name: "subscribe to the newsletter",
    json: async (client, db, userId) =>
      await client.postJson("/api/newsletter", { email: await emailOf(db, userId), source: "footer" }),
    form: async (client, db, userId) =>
      await client.postForm("/newsletter", { email: await emailOf(db, userId), source: "footer" }),
    state: async (db, userId) => {
      const rows = await db.select().from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, await emailOf(db, userId)));
      return rows.map((r) => ({
        pending: r.confirmToken !== null,
        confirmed: r.confirmedAt !== null,
        source: r.consentSource,
        byThisCustomer: r.userId === userId,
      }));
    },
  },
  {
    name: "add to cart",
    json: (client) => client.postJson("/api/cart", { productId, quantity: 2 }),
    form: (client) => client.postForm("/cart", { productId: String(productId), quantity: "2" }),
    state: cartLines,
  },
];

for (const action of CASES) {
  test(`[form parity] ${action.name}: the form does what the JSON route does`, async (db, database) => {
    productId = (await createProduct(db, { stock: 10 })).id;
    const viaJson = await customer(database);
    const viaForm = await customer(database);
    await action.setup?.(viaJson.client, db, viaJson.id);
    await action.setup?.(viaForm.client, db, viaForm.id);
    const before = await action.state(db, viaJson.id);
    assert.deepEqual(await action.state(db, viaForm.id), before, "same start");

    const json = await action.json(viaJson.client, db, viaJson.id);
    assert.ok(json.status < 300, `JSON ${json.status}: ${await json.text()}`);
    const form = await action.form(viaForm.client, db, viaForm.id);
    assert.equal(form.status, 303, `form ${form.status}: ${(await form.text()).slice(0, 300)}`);

    const after = await action.state(db, viaJson.id);
    assert.notDeepEqual(after, before, "the action changed something");
    assert.deepEqual(await action.state(db, viaForm.id), after);
  });
}

test(
  "[form parity] a refused address is refused both ways with the same words, and nothing is saved",
  async (db, database) => {
    const a = await customer(database);
    const b = await customer(database);
    const bad = { ...home, postalCode: "12" };
    const json = await a.client.postJson("/api/addresses", bad);
    assert.equal(json.status, 400);
    const message = (await json.json()).issues.find((i: { path: string }) => i.path === "postalCode").message;
    const form = await b.client.postForm("/address-book", bad);
    assert.equal(form.status, 400);
    const page = await form.text();
    assert.ok(page.includes(message), `the form page shows '${message}'`);
    assert.ok(page.includes("12 Jacaranda Street"), "what the customer typed is kept");
    assert.equal((await addressBook(db, a.id)).addresses.length, 0);
    assert.equal((await addressBook(db, b.id)).addresses.length, 0);
  },
);

test("[form parity] another customer's address: 404 both ways, untouched", async (db, database) => {
  const owner = await customer(database);
  const other = await customer(database);
  await withOneAddress(owner.client);
  const id = await firstAddressId(db, owner.id);
  const before = await addressBook(db, owner.id);
  assert.equal((await other.client.postJson(`/api/addresses/${id}`, { city: "Durban" }, "PUT")).status, 404);
  assert.equal((await other.client.postForm(`/address-book/${id}`, { ...home, city: "Durban" })).status, 404);
  assert.equal((await other.client.postForm(`/address-book/${id}/delete`, {})).status, 404);
  assert.equal((await other.client.postForm(`/address-book/${id}/default`, { addressType: "billing" })).status, 404);
  assert.deepEqual(await addressBook(db, owner.id), before);
});

closeDatabase();
