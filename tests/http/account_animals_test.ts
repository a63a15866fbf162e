/**
 * A keeper's animals over HTTP (docs/animals.md): the API's rules (400 unknown species, 404 another
 * customer's animal, 401 for visitors), the no-JavaScript forms, and each animal's setup gaps.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { orderItems, orders, products, reminderPreferences, users } from "../../db/schema/mod.ts";
import { remindersOn } from "../../domains/animals/mod.ts";
import { demoCatalogueApp, demoVariant } from "../helpers/demo_shop.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

/** An animal as the add and edit forms send it (and the API takes it): a blank date or notes is none. */
const animal = (species: string, name: string, acquiredOn = "", notes = "") => ({ species, name, acquiredOn, notes });

/** The demo catalogue's shop, and the client of customer "keeper", registered there and signed in. */
async function keeperOnDemoShop(db: Db, database: Database) {
  const app = await demoCatalogueApp(db, database);
  const keeper = testClient(app);
  await registerCustomer(keeper);
  return { app, keeper };
}

test(
  "[keeper animals api] record, list, change, remove; 400 unknown species; 404 another customer's; 401 visitors",
  async (db, database) => {
    const { app, keeper: thandi } = await keeperOnDemoShop(db, database);
    const visitor = testClient(app);
    assert.equal((await visitor.get("/api/account/animals")).status, 401);
    assert.equal(
      (await visitor.postJson("/api/account/animals", { species: "leopard-gecko", name: "Spot" })).status,
      401,
    );

    const unknown = await thandi.postJson("/api/account/animals", { species: "komodo-dragon", name: "Big" });
    assert.equal(unknown.status, 400);
    assert.match((await unknown.json()).error, /Unknown species/);
    const noName = await thandi.postJson("/api/account/animals", { species: "leopard-gecko", name: " " });
    assert.equal(noName.status, 400);
    const future = await thandi.postJson("/api/account/animals", {
      species: "leopard-gecko",
      name: "Spot",
      acquiredOn: "2999-01-01",
    });
    assert.equal(future.status, 400);
    assert.match(JSON.stringify(await future.json()), /cannot be in the future/);

    const created = await thandi.postJson(
      "/api/account/animals",
      animal("leopard-gecko", "Spot", "2025-03-01", "Loves calci-worms"),
    );
    assert.equal(created.status, 201);
    const spot = await created.json();
    assert.equal(spot.name, "Spot");
    assert.deepEqual(spot.species, {
      slug: "leopard-gecko",
      commonName: "Leopard gecko",
      url: "/animals/leopard-gecko",
    });
    assert.equal(spot.acquiredOn, "2025-03-01");
    assert.ok(spot.setup.gaps > 5, "nothing bought yet");
    assert.ok(spot.setup.lacking.some((n: { need: string }) => n.need === "enclosure"));

    // What is in the cart counts: a 120x60x60 enclosure covers a leopard gecko's.
    const [pen] = await db.select().from(products).where(eq(products.slug, "karoo-reptile-co-pvc-enclosure-120x60x60"));
    assert.equal((await thandi.postJson("/api/cart", { productId: pen.id })).status, 201);
    const [listed] = await (await thandi.get("/api/account/animals")).json();
    assert.equal(listed.setup.gaps, spot.setup.gaps - 1);
    assert.ok(!listed.setup.lacking.some((n: { need: string }) => n.need === "enclosure"));

    const renamed = await thandi.postJson(`/api/account/animals/${spot.id}`, { name: "Spotty", notes: "" }, "PATCH");
    assert.equal(renamed.status, 200);
    const after = await renamed.json();
    assert.equal(after.name, "Spotty");
    assert.equal(after.notes, null);
    assert.equal(after.acquiredOn, "2025-03-01", "fields not sent stay");
    const badPatch = await thandi.postJson(`/api/account/animals/${spot.id}`, { species: "nope" }, "PATCH");
    assert.equal(badPatch.status, 400);

    // Another customer sees none of it and can change none of it.
    const sipho = testClient(app);
    await registerCustomer(sipho, { username: "sipho", email: "sipho@example.co.za" });
    assert.deepEqual(await (await sipho.get("/api/account/animals")).json(), []);
    assert.equal((await sipho.postJson(`/api/account/animals/${spot.id}`, { name: "Mine" }, "PATCH")).status, 404);
    assert.equal((await sipho.request(`/api/account/animals/${spot.id}`, { method: "DELETE" })).status, 404);
    const [untouched] = await (await thandi.get("/api/account/animals")).json();
    assert.equal(untouched.name, "Spotty", "another customer's change did not happen");
    assert.equal((await thandi.request(`/api/account/animals/${spot.id}`, { method: "DELETE" })).status, 200);
    assert.equal((await thandi.request(`/api/account/animals/${spot.id}`, { method: "DELETE" })).status, 404);
    assert.deepEqual(await (await thandi.get("/api/account/animals")).json(), []);
  },
);

test(
  "[keeper animals pages] /account/animals: add, edit and remove by plain forms; cross-site posts refused",
  async (db, database) => {
    const { app, keeper } = await keeperOnDemoShop(db, database);
    const visitor = testClient(app);
    const away = await visitor.get("/account/animals");
    assert.equal(away.status, 303);
    assert.match(away.headers.get("Location") ?? "", /^\/login\?redirect=/);

    const empty = await (await keeper.get("/account/animals")).text();
    assert.match(empty, /Record your animals/);
    const added = await keeper.postForm("/account/animals", animal("bearded-dragon", "Rex"));
    assert.equal(added.status, 303);
    assert.equal(added.headers.get("Location"), "/account/animals");
    const page = await (await keeper.get("/account/animals")).text();
    assert.match(page, /<h3[^>]*>Rex<\/h3>/);
    assert.match(page, /href="\/animals\/bearded-dragon"/);
    assert.match(page, /Setup still lacks \d+ essentials:/);
    const [rex] = await (await keeper.get("/api/account/animals")).json();
    assert.equal(rex.acquiredOn, null);
    // The home page tells the keeper too; a visitor's home page does not.
    const home = await (await keeper.get("/")).text();
    assert.match(home, /<h2 id="keeper-note"[^>]*>Your animals<\/h2>/);
    assert.match(home, /Rex \(bearded dragon\): the setup still lacks \d+ essentials\./);
    assert.doesNotMatch(await (await visitor.get("/")).text(), /keeper-note/);

    const refused = await keeper.postForm("/account/animals", { species: "unicorn", name: "Sparkle" });
    assert.equal(refused.status, 303);
    assert.match(decodeURIComponent(keeper.cookies.get("flash") ?? ""), /Unknown species/);

    const edited = await keeper.postForm(
      `/account/animals/${rex.id}`,
      animal("bearded-dragon", "Rexie", "2024-12-24", "Hatched in December"),
    );
    assert.equal(edited.status, 303);
    const [rexie] = await (await keeper.get("/api/account/animals")).json();
    assert.deepEqual([rexie.name, rexie.acquiredOn, rexie.notes], ["Rexie", "2024-12-24", "Hatched in December"]);

    // The cart page lists a signed-in keeper's recorded animals' gaps.
    const cart = await (await keeper.get("/cart")).text();
    assert.match(cart, /href="\/animals\/bearded-dragon#setup"/);

    const foreign = await keeper.request(`/account/animals/${rex.id}/delete`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    assert.equal(foreign.status, 403);
    const removed = await keeper.postForm(`/account/animals/${rex.id}/delete`, {});
    assert.equal(removed.status, 303);
    assert.deepEqual(await (await keeper.get("/api/account/animals")).json(), []);
  },
);

test(
  "[reminders pages] the account switch and the e-mail's unsubscribe link turn reminders off; a bad link is refused",
  async (db, database) => {
    const { app, keeper } = await keeperOnDemoShop(db, database);
    const [me] = await db.select().from(users);
    const page = await (await keeper.get("/account/animals")).text();
    assert.match(page, /On: we e-mail you when something you bought/);
    assert.doesNotMatch(page, /Due for replacement/);
    // A UVB tube bought 13 months ago is due: the account lists it with a reorder link.
    const tube = await demoVariant(db, "RB-HTL-0002-39W");
    const paidAt = new Date(Date.now() - 396 * 86_400_000);
    const [order] = await db.insert(orders).values({
      userId: me.id,
      orderNumber: "RB-TUBE-1",
      status: "delivered",
      total: "749.00",
      paidAt,
      shippingMethod: "standard",
    }).returning();
    await db.insert(orderItems).values({
      orderId: order.id,
      productId: tube.productId,
      variantId: tube.id,
      name: "Arcadia D3+ T5 HO UVB Tube 12%",
      price: "749.00",
      quantity: 1,
    });
    const due = await (await keeper.get("/account/animals")).text();
    assert.match(due, /Due for replacement/);
    assert.match(
      due,
      new RegExp(`href="/cart\\?product=${tube.productId}"[^>]*>Reorder Arcadia D3\\+ T5 HO UVB Tube 12%`),
    );
    assert.equal((await keeper.postForm("/account/reminders", { on: "0" })).status, 303);
    assert.equal(await remindersOn(db, me.id), false);
    assert.match(await (await keeper.get("/account/animals")).text(), /Turn reminders on/);
    assert.equal((await keeper.postForm("/account/reminders", { on: "1" })).status, 303);
    assert.equal(await remindersOn(db, me.id), true);
    // A visitor cannot switch anyone's reminders.
    const visitor = testClient(app);
    assert.equal((await visitor.postForm("/account/reminders", { on: "0" })).status, 303);
    assert.equal(await remindersOn(db, me.id), true);

    const [pref] = await db.select().from(reminderPreferences);
    const confirm = await (await visitor.get(`/reminders/unsubscribe?token=${pref.unsubscribeToken}`)).text();
    assert.match(confirm, /<input type="hidden" name="token" value="[a-z2-7]+"\/>/);
    const bad = await visitor.postForm("/reminders/unsubscribe", { token: "abcdefghijklmnopqrst" });
    assert.equal(bad.status, 400);
    assert.match(await bad.text(), /This link is not valid/);
    const done = await visitor.postForm("/reminders/unsubscribe", { token: pref.unsubscribeToken });
    assert.equal(done.status, 200);
    assert.match(await done.text(), /Replacement reminders are off/);
    assert.equal(await remindersOn(db, me.id), false);
    // A mail client's one-click unsubscribe (RFC 8058): the token in the link's query, the body fixed.
    await keeper.postForm("/account/reminders", { on: "1" });
    const oneClick = await visitor.postForm(`/reminders/unsubscribe?token=${pref.unsubscribeToken}`, {
      "List-Unsubscribe": "One-Click",
    });
    assert.equal(oneClick.status, 200);
    assert.equal(await remindersOn(db, me.id), false);

    // Cart reminders have their own link (kind=cart) and their own switch, under the account's Settings.
    await keeper.postForm("/account/reminders", { on: "1" });
    const cartLink = `/reminders/unsubscribe?token=${pref.unsubscribeToken}&kind=cart`;
    const ask = await (await visitor.get(cartLink)).text();
    assert.match(ask, /<h1[^>]*>Cart reminders<\/h1>/);
    assert.match(ask, /Stop e-mails about items left in your cart\?/);
    assert.match(ask, /<input type="hidden" name="kind" value="cart"\/>/);
    const cartDone = await visitor.postForm(cartLink, { "List-Unsubscribe": "One-Click" });
    assert.equal(cartDone.status, 200);
    assert.match(await cartDone.text(), /Cart reminders are off/);
    assert.equal(await remindersOn(db, me.id, "cart"), false);
    assert.equal(await remindersOn(db, me.id), true, "replacement reminders stay on");
    const settings = await (await keeper.get("/account?tab=settings")).text();
    assert.match(settings, /id="cart-reminders"[\s\S]*Off: we send no e-mails about items left in your cart/);
    const on = await keeper.postForm("/account/reminders", { on: "1", kind: "cart" });
    assert.equal(on.headers.get("location"), "/account?tab=settings#cart-reminders");
    assert.equal(await remindersOn(db, me.id, "cart"), true);
    assert.match(await (await keeper.get("/account?tab=settings")).text(), /Turn cart reminders off/);

    // Wishlist price drops too (kind=price): their own link, page and switch; the others stay as they are.
    const priceLink = `/reminders/unsubscribe?token=${pref.unsubscribeToken}&kind=price`;
    assert.match(
      await (await visitor.get(priceLink)).text(),
      /<h1[^>]*>Wishlist price drops<\/h1>[\s\S]*Turn price-drop e-mails off/,
    );
    assert.match(
      await (await visitor.postForm(priceLink, { "List-Unsubscribe": "One-Click" })).text(),
      /Price-drop e-mails are off/,
    );
    assert.deepEqual(
      [await remindersOn(db, me.id, "price"), await remindersOn(db, me.id, "cart"), await remindersOn(db, me.id)],
      [false, true, true],
    );
    assert.match(
      await (await keeper.get("/account?tab=settings")).text(),
      /id="price-alerts"[\s\S]*Off: we send no e-mails about prices on your wishlist[\s\S]*Turn price-drop e-mails on/,
    );
    const priceOn = await keeper.postForm("/account/reminders", { on: "1", kind: "price" });
    assert.equal(priceOn.headers.get("location"), "/account?tab=settings#price-alerts");
    assert.equal(await remindersOn(db, me.id, "price"), true);
    // An unknown kind is a link that is not valid, and a 400 on the API.
    assert.match(
      await (await visitor.get(`/reminders/unsubscribe?token=${pref.unsubscribeToken}&kind=newsletter`)).text(),
      /This link is not valid/,
    );
    const unknown = await visitor.postJson("/api/reminders/unsubscribe", {
      token: pref.unsubscribeToken,
      kind: "newsletter",
    });
    assert.equal(unknown.status, 400);
    assert.equal((await unknown.json()).message, "kind must be replacement, cart or price.");
    assert.equal(await remindersOn(db, me.id, "cart"), true);
  },
);

closeDatabase();
