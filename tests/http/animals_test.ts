/**
 * Species profiles and setup checklists over HTTP (docs/animals.md): the API's shapes and 404s, the
 * pages without JavaScript, the visitor page cache, 'Add the essentials to cart' and the cart's gaps.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testAssets, testConfig } from "../helpers/app.ts";
import { createApp } from "../../app.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { testClient } from "../helpers/client.ts";
import { seedDemo } from "../../seed/mod.ts";
import { NEEDS } from "../../domains/animals/mod.ts";
import { NEED_KEYS } from "../../contract/animals.ts";
import { demoCatalogueApp, demoVariant } from "../helpers/demo_shop.ts";

const { test, closeDatabase } = useTestDatabase();

/** The demo catalogue's 60x45x45 enclosure (a variant): too small for an adult bearded dragon. */
const SMALL_ENCLOSURE = "RB-ENC-0006-604545";

test("[animals api] list, profile, setup; unknown species 404 with a message", async (db, database) => {
  const app = await demoCatalogueApp(db, database);
  const list = await app.request("/api/animals");
  assert.equal(list.status, 200);
  assert.match(list.headers.get("Content-Type") ?? "", /json/);
  const all = await list.json();
  assert.ok(all.length >= 12);
  assert.deepEqual(all[0], {
    slug: "bearded-dragon",
    commonName: "Bearded dragon",
    scientificName: "Pogona vitticeps",
    group: "lizard",
    difficulty: "beginner",
    adultSize: "40-60 cm nose to tail tip",
    url: "/animals/bearded-dragon",
  });
  // A visitor's read is shareable like the catalogue's.
  assert.match(list.headers.get("Cache-Control") ?? "", /public/);

  const beardie = await (await app.request("/api/animals/bearded-dragon")).json();
  assert.deepEqual(beardie.temperaturesC.basking, { min: 40, max: 45 });
  assert.deepEqual(beardie.uvb, { minPercent: 12, maxPercent: 14, fergusonZone: 4 });
  assert.deepEqual(beardie.minimumEnclosureCm, { length: 120, width: 60, height: 60 });
  assert.equal((await (await app.request("/api/animals/axolotl")).json()).uvb, null);

  const missing = await app.request("/api/animals/komodo-dragon");
  assert.equal(missing.status, 404);
  assert.equal((await missing.json()).error, "Species not found");
  assert.equal((await app.request("/api/animals/komodo-dragon/setup")).status, 404);

  const setup = await (await app.request("/api/animals/bearded-dragon/setup")).json();
  assert.deepEqual(setup.needs.map((n: { need: string }) => n.need), [...NEEDS]);
  assert.ok(setup.needs.every((n: { status: unknown }) => n.status === null), "no cart, no verdict");
  assert.equal(setup.gaps, null);
  assert.match(setup.needs[0].products[0].name, /120x60x60/);
  assert.ok(setup.essentials.length >= 8);
  assert.deepEqual([...NEED_KEYS], [...NEEDS], "the contract's needs are the domain's");
});

test(
  "[animals api] essentials go into the cart once; the setup then says covered, and a misfit says why",
  async (db, database) => {
    const shopper = testClient(await demoCatalogueApp(db, database));
    // A 60x45x45 enclosure and a 6% kit: both wrong for an adult beardie.
    const small = await demoVariant(db, SMALL_ENCLOSURE);
    const weak = await demoVariant(db, "RB-HTL-0001-6-24W");
    for (const v of [small, weak]) {
      const res = await shopper.postJson("/api/cart", { productId: v.productId, variantId: v.id, quantity: 1 });
      assert.equal(res.status, 201);
    }
    const before = await (await shopper.get("/api/animals/bearded-dragon/setup")).json();
    const need = (s: typeof before, key: string) => s.needs.find((n: { need: string }) => n.need === key);
    assert.equal(need(before, "enclosure").status, "unsuitable");
    assert.match(need(before, "enclosure").notes.join(), /60x45x45 cm enclosure is smaller than the 120x60x60 cm/);
    assert.equal(need(before, "uvb").status, "unsuitable");
    assert.match(need(before, "uvb").notes.join(), /6% UVB tube is too weak for the bearded dragon/);
    assert.equal(need(before, "thermostat").status, "missing");
    const required = before.needs.filter((n: { required: boolean }) => n.required).length;
    assert.equal(before.gaps, required);

    const added = await shopper.request("/api/animals/bearded-dragon/essentials", { method: "POST" });
    assert.equal(added.status, 200);
    const body = await added.json();
    assert.equal(body.added.length, before.essentials.length);
    assert.deepEqual(body.skipped, []);
    const after = await (await shopper.get("/api/animals/bearded-dragon/setup")).json();
    assert.equal(after.gaps, 0, JSON.stringify(after.needs.filter((n: { status: string }) => n.status !== "covered")));
    assert.equal(need(after, "enclosure").status, "covered");
    assert.deepEqual(after.essentials, []);
    // A second press adds nothing: everything is covered.
    const again = await (await shopper.request("/api/animals/bearded-dragon/essentials", { method: "POST" })).json();
    assert.deepEqual(again.added, []);
    assert.equal(again.cart.items.length, body.cart.items.length);
    // The 404 for an unknown species, and a cross-site post is refused.
    assert.equal((await shopper.request("/api/animals/nope/essentials", { method: "POST" })).status, 404);
    const foreign = await shopper.request("/api/animals/bearded-dragon/essentials", {
      method: "POST",
      headers: { Origin: "https://evil.example" },
    });
    assert.equal(foreign.status, 403);
  },
);

test(
  "[animals pages] /animals and a profile render without JavaScript, cached for visitors; 404 for an unknown one",
  async (db, database) => {
    await seedDemo(db, { withAccounts: false });
    // The shop with its page cache on, as in production.
    const app = createApp({
      database,
      config: testConfig(),
      assets: testAssets(),
      storage: memoryStorage(),
      pageCache: true,
    });
    const index = await app.request("/animals");
    assert.equal(index.status, 200);
    const indexHtml = await index.text();
    assert.match(indexHtml, /<h1[^>]*>Shop by Animal<\/h1>/);
    assert.match(indexHtml, /href="\/animals\/leopard-gecko"/);
    assert.match(index.headers.get("Cache-Control") ?? "", /public/);

    const page = await app.request("/animals/bearded-dragon");
    assert.equal(page.status, 200);
    assert.match(page.headers.get("Cache-Control") ?? "", /public/);
    const html = await page.text();
    assert.match(html, /<h1[^>]*>Bearded dragon<\/h1>/);
    assert.match(html, /Basking spot: 40–45 °C/);
    assert.match(html, /12–14% T5 tube, Ferguson zone 4/);
    assert.match(html, /120 x 60 x 60 cm/);
    assert.match(html, /<form[^>]* action="\/animals\/bearded-dragon\/essentials" method="post">/);
    assert.match(html, /Add the essentials to cart/);
    assert.doesNotMatch(html, /<script[^>]*src="\/static\/build\/island-/, "no island on the profile");
    const tortoise = await (await app.request("/animals/leopard-tortoise")).text();
    assert.match(tortoise, /Legal note:<\/strong> Indigenous to South Africa/);

    const missing = await app.request("/animals/komodo-dragon");
    assert.equal(missing.status, 404);
  },
);

test(
  "[animals pages] the essentials form adds to the cart and the cart page shows the chosen animal's gaps",
  async (db, database) => {
    const shopper = testClient(await demoCatalogueApp(db, database));
    const small = await demoVariant(db, SMALL_ENCLOSURE);
    const add = await shopper.postForm("/cart", { productId: String(small.productId), variantId: String(small.id) });
    assert.equal(add.status, 303);
    // Asking to check the cart for a leopard gecko remembers it; the cart page then lists its gaps.
    const choose = await shopper.postForm("/animals/leopard-gecko/choose", {});
    assert.equal(choose.status, 303);
    assert.equal(choose.headers.get("Location"), "/animals/leopard-gecko#setup");
    const cart = await (await shopper.get("/cart")).text();
    assert.match(cart, /Your animals&#x27; setups/);
    assert.match(cart, /href="\/animals\/leopard-gecko#setup"/);
    assert.match(
      cart,
      /Enclosure: A 60x45x45 cm enclosure is smaller than the 90x45x45 cm an adult leopard gecko needs/,
    );

    const posted = await shopper.postForm("/animals/leopard-gecko/essentials", {});
    assert.equal(posted.status, 303);
    assert.equal(posted.headers.get("Location"), "/animals/leopard-gecko#setup");
    const profile = await (await shopper.get("/animals/leopard-gecko")).text();
    assert.match(profile, /Your setup so far:<\/strong> your cart covers every essential for a leopard gecko/);
    const cartAfter = await (await shopper.get("/cart")).text();
    assert.match(cartAfter, /Every essential is in your cart/);
  },
);

test(
  "[animals] product pages say what they suit; listings filter by ?animal=; search links the species",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const food = await (await app.request("/product/zoo-med-crested-gecko-food-227g")).text();
    assert.match(food, /<h2 id="suitable-for"[^>]*>Suitable for<\/h2>/);
    assert.match(food, /href="\/animals\/crested-gecko"/);
    assert.doesNotMatch(food, /href="\/animals\/bearded-dragon"/);
    const pen = await (await app.request("/product/karoo-reptile-co-pvc-enclosure-120x60x60")).text();
    assert.match(pen, /href="\/animals\/bearded-dragon"/);
    assert.doesNotMatch(pen, /href="\/animals\/axolotl"/, "a dry terrarium is not an aquarium");
    const lock = await (await app.request("/product/exo-terra-terrarium-lock")).text();
    assert.doesNotMatch(lock, /Suitable for/);

    const listing = await (await app.request("/products?animal=bearded-dragon")).text();
    assert.match(listing, /Showing products suitable for the/);
    assert.match(listing, /Karoo Reptile Co\. PVC Enclosure 120x60x60/);
    assert.match(listing, /Karoo Reptile Co\. PVC Enclosure 180x60x60/);
    const foods = await (await app.request("/category/species-specific?animal=bearded-dragon")).text();
    assert.match(foods, /Zoo Med Bearded Dragon Food Adult 283g/);
    assert.doesNotMatch(foods, /Zoo Med Crested Gecko Food/);
    assert.doesNotMatch(listing, /Zoo Med Crested Gecko Food/);
    assert.doesNotMatch(listing, /Exo Terra Glass Terrarium 30x30x45/, "too small for a beardie");
    assert.doesNotMatch(listing, /Axolotl Aquarium/);
    // Sorting and filtering keep the animal (no JavaScript: a GET form with a hidden field).
    assert.match(listing, /<input type="hidden" name="animal" value="bearded-dragon"\/>/);
    // An unknown animal is ignored like any unreadable parameter: the whole list shows.
    const unknown = await app.request("/products?animal=unicorn");
    assert.equal(unknown.status, 200);
    assert.doesNotMatch(await unknown.text(), /Showing products suitable for/);

    const search = await (await app.request("/search?q=beardie")).text();
    assert.match(search, /href="\/animals\/bearded-dragon"[^>]*>Bearded dragon: care sheet and setup checklist/);
    const leo = await (await app.request("/search?q=leo")).text();
    assert.match(leo, /href="\/animals\/leopard-gecko"/);
    const python = await (await app.request("/search?q=ball%20python")).text();
    assert.match(python, /href="\/animals\/ball-python"/);
    assert.doesNotMatch(await (await app.request("/search?q=thermostat")).text(), /care sheet and setup checklist/);
  },
);

closeDatabase();
