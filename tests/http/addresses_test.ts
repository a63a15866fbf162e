import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

const home = {
  label: "Home",
  addressType: "both",
  addressLine1: "12 Jacaranda Street",
  addressLine2: "Sunridge Complex",
  city: "Pretoria",
  state: "Gauteng",
  postalCode: "0181",
  country: "South Africa",
  phone: "082 555 0123",
  instructions: "Ring twice",
};

let counter = 0;

/** A signed-in customer (registered through the API, so the session is real). */
async function signedIn(
  database: Database,
  names: { firstName?: string; lastName?: string } = { firstName: "Thandi", lastName: "Nkosi" },
): Promise<TestClient> {
  const client = testClient(testApp(database));
  const n = ++counter;
  await registerCustomer(client, { username: `keeper_${n}`, email: `keeper${n}@example.co.za`, ...names });
  return client;
}

async function json(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  return await res.json();
}

async function html(res: Response) {
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

/** A refused request's body: `res` must be a 400, read by `read` ({@link json} or {@link html}). */
async function refused<T>(res: Response, read: (res: Response) => Promise<T>): Promise<T> {
  assert.equal(res.status, 400);
  return await read(res);
}

/** A <form> that posts to `action`. */
function postsTo(action: string): RegExp {
  return new RegExp(`<form(?=[^>]*method="post")(?=[^>]*action="${action}")`);
}

/** The toast carried in the Toaster island's props after a redirect. */
function toastIn(page: string): { title: string; description?: string } | null {
  const m = page.match(/data-island="Toaster" data-props="([^"]*)"/);
  if (!m) return null;
  const props = JSON.parse(m[1].replace(/&quot;/g, '"').replace(/&amp;/g, "&").replace(/&#x27;/g, "'"));
  return props.initial;
}

test("[addresses] visitors get 401 from the API and a login redirect from the page", async (_db, database) => {
  const visitor = testClient(testApp(database));
  for (
    const [method, path] of [
      ["GET", "/api/addresses"],
      ["POST", "/api/addresses"],
      ["PUT", "/api/addresses/1"],
      ["DELETE", "/api/addresses/1"],
      ["POST", "/api/addresses/1/default"],
    ]
  ) {
    const res = await visitor.request(path, {
      method,
      headers: { "Content-Type": "application/json" },
      body: method === "GET" ? undefined : JSON.stringify(home),
    });
    assert.equal(res.status, 401, `${method} ${path}`);
    assert.equal((await json(res)).error, "Please login to access this page.");
  }
  for (const path of ["/address-book", "/address-book/new", "/address-book/1/edit"]) {
    const res = await visitor.get(path);
    assert.equal(res.status, 303, path);
    const location = new URL(res.headers.get("location")!, "http://x");
    assert.equal(location.pathname, "/login");
    assert.equal(location.searchParams.get("redirect"), path);
  }
  const post = await visitor.postForm("/address-book", home);
  assert.equal(post.status, 303);
  assert.equal(new URL(post.headers.get("location")!, "http://x").searchParams.get("redirect"), "/address-book");
});

test("[addresses] API: create, list, update, set default, delete", async (_db, database) => {
  const client = await signedIn(database);
  const none = await client.get("/api/addresses");
  assert.equal(none.headers.get("cache-control"), "private, no-store");
  assert.deepEqual(await json(none), []);

  const { label: _l, ...withoutLabel } = home;
  const created = await client.postJson("/api/addresses", withoutLabel);
  assert.equal(created.status, 201);
  const first = await json(created);
  assert.equal(first.firstName, "Thandi", "names from the profile when absent");
  assert.equal(first.lastName, "Nkosi");
  assert.equal(first.label, null);
  assert.equal(first.isDefault, true, "the first address is the default");
  assert.equal(first.isDefaultShipping, true);
  assert.equal(first.isDefaultBilling, true);
  assert.equal(first.country, "South Africa");
  assert.match(first.createdAt, /^\d{4}-\d\d-\d\dT/);
  for (
    const key of ["id", "userId", "addressType", "addressLine1", "addressLine2", "city", "state", "postalCode", "phone"]
  ) {
    assert.ok(key in first, key);
  }

  const secondRes = await client.postJson("/api/addresses", {
    ...home,
    label: "Work",
    addressType: "shipping",
    firstName: "",
    lastName: "",
  });
  assert.equal(secondRes.status, 201);
  const second = await json(secondRes);
  assert.equal(second.firstName, "Thandi", "empty names (the spec's client) come from the profile too");
  assert.equal(second.isDefault, false);

  const me = await json(await client.get("/api/auth/me"));
  assert.equal(me.defaultShippingAddressId, first.id);
  assert.equal(me.defaultBillingAddressId, first.id);

  const put = await client.postJson(`/api/addresses/${second.id}`, { city: "Durban", state: "KwaZulu-Natal" }, "PUT");
  assert.equal(put.status, 200);
  const updated = await json(put);
  assert.equal(updated.city, "Durban");
  assert.equal(updated.addressLine1, home.addressLine1);

  const setDefault = await client.postJson(`/api/addresses/${second.id}/default`, { addressType: "shipping" });
  assert.equal(setDefault.status, 200);
  assert.equal((await json(setDefault)).isDefaultShipping, true);
  const after = await json(await client.get("/api/auth/me"));
  assert.equal(after.defaultShippingAddressId, second.id, "the user's pointer follows");
  assert.equal(after.defaultBillingAddressId, first.id, "the 'both' address stays the billing default");

  const list = await json(await client.get("/api/addresses"));
  assert.deepEqual(
    list.map((a: { label: string; isDefaultShipping: boolean; isDefaultBilling: boolean }) => [
      a.label,
      a.isDefaultShipping,
      a.isDefaultBilling,
    ]),
    [["Work", true, false], [null, false, true]],
    "defaults first, then the newest",
  );

  const del = await client.request(`/api/addresses/${second.id}`, { method: "DELETE" });
  assert.equal(del.status, 204);
  assert.equal((await json(await client.get("/api/auth/me"))).defaultShippingAddressId, null, "pointer cleared");
  assert.equal((await json(await client.get("/api/addresses"))).length, 1);
  assert.equal((await client.request(`/api/addresses/${second.id}`, { method: "DELETE" })).status, 404);
});

test("[addresses] API: bad input is 400 with issues; bad ids 400; unknown ids 404", async (_db, database) => {
  const client = await signedIn(database);
  const bad = await client.postJson("/api/addresses", { ...home, postalCode: "01A1", phone: "12", city: "Pretoria 2" });
  const body = await refused(bad, json);
  assert.equal(body.error, "City can only contain letters, spaces, hyphens and apostrophes", "the first issue");
  assert.deepEqual(
    body.issues.map((i: { path: string; message: string }) => [i.path, i.message]).sort(),
    [
      ["city", "City can only contain letters, spaces, hyphens and apostrophes"],
      ["phone", "Please enter a valid phone number"],
      ["postalCode", "Postal code should contain only numbers"],
    ],
  );
  const foreign = await client.postJson("/api/addresses", { ...home, country: "Namibia" });
  assert.equal((await json(foreign)).error, "We currently deliver within South Africa only");
  const extra = await client.postJson("/api/addresses", { ...home, userId: 99 });
  assert.equal(extra.status, 400, "bodies are strict");
  const malformed = await client.request("/api/addresses", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{not json",
  });
  assert.equal(malformed.status, 400);
  assert.equal((await client.postJson("/api/addresses/abc", { city: "Durban" }, "PUT")).status, 400);
  assert.equal((await client.request("/api/addresses/0", { method: "DELETE" })).status, 400);
  const unknown = await client.postJson("/api/addresses/999/default", { addressType: "both" });
  assert.equal(unknown.status, 404);
  assert.equal((await json(unknown)).error, "Address not found");
  const created = await json(await client.postJson("/api/addresses", { ...home, addressType: "billing" }));
  const wrongType = await client.postJson(`/api/addresses/${created.id}/default`, { addressType: "shipping" });
  assert.equal(
    (await refused(wrongType, json)).error,
    "This address is for billing only, so it cannot be the default shipping address",
  );
  assert.equal((await client.postJson(`/api/addresses/${created.id}/default`, { addressType: "home" })).status, 400);
});

test("[addresses] API: another customer's address is a 404 and stays untouched", async (_db, database) => {
  const owner = await signedIn(database);
  const address = await json(await owner.postJson("/api/addresses", home));
  const other = await signedIn(database, { firstName: "Sipho", lastName: "Dlamini" });
  const put = await other.postJson(`/api/addresses/${address.id}`, { city: "Durban" }, "PUT");
  assert.equal(put.status, 404);
  assert.equal((await json(put)).error, "Address not found");
  assert.equal((await other.request(`/api/addresses/${address.id}`, { method: "DELETE" })).status, 404);
  assert.equal((await other.postJson(`/api/addresses/${address.id}/default`, { addressType: "both" })).status, 404);
  assert.deepEqual(await json(await other.get("/api/addresses")), [], "not listed for another customer");
  assert.equal((await other.get(`/address-book/${address.id}/edit`)).status, 404);
  assert.equal((await other.get(`/address-book/${address.id}/delete`)).status, 404);
  assert.equal((await other.postForm(`/address-book/${address.id}/delete`, {})).status, 404);
  const mine = await json(await owner.get("/api/addresses"));
  assert.equal(mine[0].city, "Pretoria");
});

test("[addresses] without profile names the API asks for them", async (_db, database) => {
  const client = await signedIn(database, {});
  const res = await client.postJson("/api/addresses", { ...home, firstName: "", lastName: "" });
  const body = await refused(res, json);
  assert.equal(body.error, "First name is required");
  assert.deepEqual(body.issues.map((i: { path: string }) => i.path), ["firstName", "lastName"]);
  const ok = await client.postJson("/api/addresses", { ...home, firstName: "Lerato", lastName: "Mokoena" });
  assert.equal(ok.status, 201);
});

test(
  "[addresses] page: empty state, then the no-JavaScript add form with errors re-rendered",
  async (_db, database) => {
    const client = await signedIn(database);
    const empty = await client.get("/address-book");
    assert.equal(empty.status, 200);
    assert.equal(empty.headers.get("cache-control"), "private, no-store");
    const emptyPage = await html(empty);
    assert.match(emptyPage, /<title>My Addresses \|/);
    assert.match(emptyPage, /No Addresses Found/);
    assert.match(emptyPage, /href="\/address-book\/new"/, "Add New Address works as a link without JavaScript");
    assert.match(emptyPage, /data-island="AddressBook"/);

    const form = await html(await client.get("/address-book/new"));
    assert.match(form, postsTo("/address-book"));
    assert.match(
      form,
      /name="firstName"[^>]*value="Thandi"|value="Thandi"[^>]*name="firstName"/,
      "profile name prefilled",
    );
    assert.match(form, /<option value="Gauteng">/, "provinces suggested");

    const invalid = await client.postForm("/address-book", {
      ...home,
      firstName: "T",
      lastName: "Nkosi",
      postalCode: "01A1",
    });
    const again = await refused(invalid, html);
    assert.match(again, /First name must be at least 2 characters/);
    assert.match(again, /Postal code should contain only numbers/);
    assert.match(again, /value="12 Jacaranda Street"/, "what was typed is kept");

    const added = await client.postForm("/address-book", { ...home, firstName: "Thandi", lastName: "Nkosi" });
    assert.equal(added.status, 303);
    assert.equal(added.headers.get("location"), "/address-book");
    const list = await html(await client.get("/address-book"));
    assert.deepEqual(toastIn(list), {
      title: "Address added",
      description: "Address saved successfully.",
      variant: "success",
    });
    assert.match(list, /12 Jacaranda Street/);
    assert.match(list, /Shipping &amp; Billing/);
    assert.match(list, /data-default-badge="true"[^>]*>Default</);
    assert.doesNotMatch(list, /No Addresses Found/);
    assert.equal(toastIn(await html(await client.get("/address-book"))), null, "the toast shows once");
  },
);

test("[addresses] page: edit, set as default and delete without JavaScript", async (_db, database) => {
  const client = await signedIn(database);
  const first = await json(await client.postJson("/api/addresses", home));
  const second = await json(
    await client.postJson("/api/addresses", { ...home, label: "Work", addressType: "shipping" }),
  );

  const editForm = await html(await client.get(`/address-book/${second.id}/edit`));
  assert.match(editForm, new RegExp(`action="/address-book/${second.id}"`));
  assert.match(editForm, /value="Work"/);
  assert.match(editForm, /name="wasDefault" value="false"/);

  // The edit form as sent for the second address (shipping only, not the default).
  const editOf = { ...home, addressType: "shipping", firstName: "Thandi", lastName: "Nkosi", wasDefault: "false" };
  const badEdit = await client.postForm(`/address-book/${second.id}`, { ...editOf, label: "Work", city: "" });
  assert.match(await refused(badEdit, html), /City is required/);

  const edited = await client.postForm(`/address-book/${second.id}`, { ...editOf, label: "Office", city: "Cape Town" });
  assert.equal(edited.status, 303);
  let page = await html(await client.get("/address-book"));
  assert.equal(toastIn(page)?.title, "Address updated");
  assert.match(page, /Office/);
  assert.match(page, /Cape Town/);
  assert.match(page, /Shipping Only/);
  assert.match(
    page,
    new RegExp(`action="/address-book/${second.id}/default"`),
    "'Set as Default' on a non-default card",
  );
  assert.doesNotMatch(page, new RegExp(`action="/address-book/${first.id}/default"`), "not on the default card");

  const made = await client.postForm(`/address-book/${second.id}/default`, { addressType: "shipping" });
  assert.equal(made.status, 303);
  page = await html(await client.get("/address-book"));
  assert.equal(toastIn(page)?.description, "Default shipping address has been updated.");
  const me = await json(await client.get("/api/auth/me"));
  assert.equal(me.defaultShippingAddressId, second.id);
  assert.equal(me.defaultBillingAddressId, first.id);
  assert.match(page, />Default billing</, "the 'both' address keeps the billing default");

  const confirm = await html(await client.get(`/address-book/${second.id}/delete`));
  assert.match(confirm, /Are you sure you want to delete this address\? This action cannot be undone\./);
  assert.match(confirm, postsTo(`/address-book/${second.id}/delete`));
  const deleted = await client.postForm(`/address-book/${second.id}/delete`, {});
  assert.equal(deleted.status, 303);
  page = await html(await client.get("/address-book"));
  assert.equal(toastIn(page)?.title, "Address deleted");
  assert.doesNotMatch(page, /Office/);
  assert.equal((await json(await client.get("/api/auth/me"))).defaultShippingAddressId, null);

  const both = await client.postForm(`/address-book/${first.id}/default`, { addressType: "both" });
  assert.equal(both.status, 303);
  page = await html(await client.get("/address-book"));
  assert.equal(toastIn(page)?.description, "Default shipping and billing address has been updated.");
  assert.equal((await client.get("/address-book/abc/edit")).status, 400);
  assert.equal((await client.get("/address-book/999/edit")).status, 404);
});

test("[addresses] page: a load failure shows the spec's error", async (_db, database) => {
  const client = await signedIn(database);
  // The same database, except that reading addresses fails.
  const db = new Proxy(database.db, {
    get(target, prop, receiver) {
      if (prop === "select") {
        return (fields?: Record<string, unknown>) => {
          if (fields && "address" in fields) throw new Error("simulated outage");
          return target.select(fields as never);
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  }) as Db;
  const broken = testClient(testApp({ ...database, db }));
  for (const [k, v] of client.cookies) broken.cookies.set(k, v);
  const quiet = console.error;
  console.error = () => {};
  try {
    const res = await broken.get("/address-book");
    assert.equal(res.status, 500);
    const page = await html(res);
    assert.match(page, /<h1[^>]*>Address Book<\/h1>/);
    assert.match(page, /Failed to load addresses\. Please try again later\./);
  } finally {
    console.error = quiet;
  }
});

closeDatabase();
