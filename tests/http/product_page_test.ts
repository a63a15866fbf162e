/** The product page as the server renders it: variants, pre-orders, specifications, free-shipping line, notify. */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { getHtml, testApp } from "../helpers/app.ts";
import { createCategory, createProduct, createVariant } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

/** A variant out of stock but on pre-order: 10% off, expected 20 January 2027. */
const PREORDER_JANUARY = { stock: 0, preorder: true, preorderDiscount: "10.00", arrivalDate: "2027-01-20" };

/** The body only (the head repeats SKU and prices in meta tags and JSON-LD), without React's text separators. */
function bodyOf(html: string): string {
  return html.slice(html.indexOf("<body")).replaceAll("<!-- -->", "");
}

/** The attributes of every `<name ...>` start tag in `html` whose attributes match `where`. */
function tags(html: string, name: string, where: Record<string, string | true> = {}): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, "g"))]
    .map((m) => Object.fromEntries([...m[1].matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? ""])))
    .filter((attrs) => Object.entries(where).every(([k, v]) => v === true ? k in attrs : attrs[k] === v));
}

/** The one tag matching `where`. */
function tag(html: string, name: string, where: Record<string, string | true>): Record<string, string> {
  const found = tags(html, name, where);
  assert.equal(found.length, 1, `one <${name}> with ${JSON.stringify(where)}, found ${found.length}`);
  return found[0];
}

/** Short failure messages: the page is too long to print. */
function has(html: string, re: RegExp, message = `expected ${re}`) {
  assert.ok(re.test(html), message);
}

function hasNot(html: string, re: RegExp, message = `did not expect ${re}`) {
  assert.ok(!re.test(html), message);
}

/** The text of the element carrying `attr` (first match), tags stripped. */
function textOf(html: string, attr: string): string {
  const m = html.match(new RegExp(`<(\\w+)[^>]*\\s${attr}(?:="[^"]*")?[^>]*>(.*?)</\\1>`, "s"));
  assert.ok(m, `no element with ${attr}`);
  return m[2].replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");
}

/** The Specifications table rows as [label, value, hidden]. */
function specRows(html: string): [string, string, boolean][] {
  const table = html.match(/<table[^>]*data-product-specs[^>]*>(.*?)<\/table>/s);
  assert.ok(table, "specifications table");
  return [...table[1].matchAll(/<tr([^>]*)><th[^>]*>(.*?)<\/th><td[^>]*>(.*?)<\/td><\/tr>/gs)]
    .map((m) => [m[2], m[3].replace(/<[^>]+>/g, ""), /\shidden=""/.test(m[1])]);
}

test(
  "[product page] shows the default variant's price, stock and SKU, and lists every option",
  async (db, database) => {
    const app = testApp(database);
    const cat = await createCategory(db, { slug: "enclosures-housing", name: "Enclosures & Housing" });
    const p = await createProduct(db, {
      name: "Glass Terrarium",
      slug: "glass-terrarium",
      sku: "RB-ENC-1",
      price: "2299.00",
      stock: 20,
      categoryId: cat.id,
    });
    // Variants come back cheapest first: the first (out of stock) is skipped for the first in-stock one.
    const sold = await createVariant(db, p.id, { name: "30x30x45cm", sku: "RB-ENC-1-S", price: "1999.00", stock: 0 });
    const mid = await createVariant(db, p.id, {
      name: "60x45x60cm",
      sku: "RB-ENC-1-M",
      price: "2799.00",
      salePrice: "2599.00",
      stock: 3,
      dimensions: "60x45x60cm",
    });
    const pre = await createVariant(db, p.id, {
      name: "90x45x60cm",
      sku: "RB-ENC-1-L",
      price: "3899.00",
      ...PREORDER_JANUARY,
    });
    const body = bodyOf(await getHtml(app, "/product/glass-terrarium"));
    assert.match(textOf(body, "data-price"), /^R\s2\s599,00Was\s?R\s2\s799,00$/);
    assert.equal(textOf(body, "data-stock"), "Only 3 left in stock");
    assert.equal(textOf(body, "data-sku"), "RB-ENC-1-M");
    has(body, /Save 7%/);
    // The form carries the product, the default variant and a quantity bounded by its stock.
    const form = body.match(/<form[^>]*data-cart-add[^>]*>.*?<\/form>/s)?.[0];
    assert.ok(form, "add-to-cart form");
    assert.deepEqual([tag(form, "form", {}).method, tag(form, "form", {}).action], ["post", "/cart"]);
    assert.equal(tag(form, "input", { name: "productId" }).type, "hidden");
    assert.equal(tag(form, "input", { name: "productId" }).value, String(p.id));
    assert.equal(tag(form, "input", { name: "variantId" }).type, "hidden");
    assert.equal(tag(form, "input", { name: "variantId" }).value, String(mid.id));
    const quantity = tag(form, "input", { name: "quantity" });
    assert.deepEqual([quantity.type, quantity.min, quantity.max, quantity.value], ["number", "1", "3", "1"]);
    assert.ok("disabled" in tag(form, "button", { "aria-label": "Decrease quantity" }), "minus disabled at 1");
    assert.ok(!("disabled" in tag(form, "button", { "aria-label": "Increase quantity" })), "plus enabled below stock");
    has(form, />Add to Cart<\/button>/);
    // Every option is a radio; the default is checked; statuses and pre-order details are listed.
    const radios = tags(body, "input", { type: "radio" });
    assert.deepEqual(radios.map((r) => [r.value, "checked" in r]), [
      [String(sold.id), false],
      [String(mid.id), true],
      [String(pre.id), false],
    ]);
    const chips = [...body.matchAll(/<label[^>]*>(.*?)<\/label>/gs)]
      .map((m) => m[1].replace(/<[^>]+>/g, "").replace(/\s+/g, " "))
      .filter((t) => t.includes("x45"));
    assert.deepEqual(chips, [
      "30x30x45cmR 1 999,00Out of stock",
      "60x45x60cmR 2 599,00WasR 2 799,00In stock",
      "90x45x60cmR 3 899,00Pre-order · Expected 20 January 2027 · 10% pre-order discount",
    ]);
    // Specifications follow the default variant: its SKU, stock and own dimensions text.
    assert.deepEqual(specRows(body), [
      ["SKU", "RB-ENC-1-M", false],
      ["Brand", "N/A", false],
      ["Stock", "3 units", false],
      ["Dimensions", "60x45x60cm", false],
    ]);
  },
);

test(
  "[product page] a pre-order default shows the discounted price, the arrival date and a bounded quantity",
  async (db, database) => {
    const app = testApp(database);
    const p = await createProduct(db, { name: "UVB Kit", slug: "uvb-kit", sku: "RB-UVB", price: "2199.00" });
    await createVariant(db, p.id, { name: "14% 54W", sku: "RB-UVB-14", price: "2199.00", ...PREORDER_JANUARY });
    const body = bodyOf(await getHtml(app, "/product/uvb-kit"));
    // 10% off R 2 199,00 = R 1 979,10 (to the cent), regular price struck through.
    assert.match(textOf(body, "data-price"), /^R\s1\s979,10Was\s?R\s2\s199,00$/);
    assert.equal(textOf(body, "data-stock"), "Available for pre-order");
    const note = textOf(body, "data-preorder");
    assert.match(note, /10% pre-order discount applied; you will be charged R\s1\s979,10 each\./);
    assert.match(note, /Expected 20 January 2027\./);
    assert.equal(tag(body, "input", { name: "quantity" }).max, "10");
    has(body, />Pre-order Now</);
    assert.equal(tags(body, "form", { action: "/cart" }).length, 1);
    hasNot(body, /Notify Me When Available/);
    assert.equal(specRows(body).find(([k]) => k === "Stock")?.[1], "Pre-order (expected 20 January 2027)");
  },
);

test(
  "[product page] no category: Categories breadcrumb; specs show brand N/A, weight, and dimensions only when all three exist",
  async (db, database) => {
    const app = testApp(database);
    await createProduct(db, {
      name: "Coco Fibre Brick",
      slug: "coco-fibre-brick",
      sku: "RB-SUB-1",
      stock: 42,
      weight: "0.65",
      length: "20",
      width: "10",
    });
    await createProduct(db, {
      name: "Cork Bark Tube",
      slug: "cork-bark-tube",
      sku: "RB-DEC-1",
      brand: "Komodo",
      stock: 1,
      length: "30",
      width: "12.5",
      height: "12",
    });
    const coco = bodyOf(await getHtml(app, "/product/coco-fibre-brick"));
    const crumbs = coco.match(/<nav aria-label="Breadcrumb".*?<\/nav>/s)?.[0] ?? "";
    assert.deepEqual(
      [...crumbs.matchAll(/<(?:a|span)[^>]*>([^<]+)<\/(?:a|span)>/g)].map((m) => m[1]).filter((t) => t !== "/"),
      [
        "Home",
        "Categories",
        "Coco Fibre Brick",
      ],
    );
    has(crumbs, /href="\/categories"/);
    assert.deepEqual(specRows(coco), [
      ["SKU", "RB-SUB-1", false],
      ["Brand", "N/A", false],
      ["Stock", "42 units", false],
      ["Weight", "0,65 kg", false],
    ]);
    assert.equal(textOf(coco, "data-stock"), "In stock (42 available)");
    hasNot(coco, /name="variantId"/, "no variant, no variantId");
    hasNot(coco, /type="radio"/);

    const cork = bodyOf(await getHtml(app, "/product/cork-bark-tube"));
    assert.deepEqual(specRows(cork), [
      ["SKU", "RB-DEC-1", false],
      ["Brand", "Komodo", false],
      ["Stock", "1 unit", false],
      ["Dimensions", "30 × 12,5 × 12 cm", false],
    ]);
    assert.equal(textOf(cork, "data-stock"), "Only 1 left in stock");
    // Stock 1: both stepper buttons start disabled.
    assert.ok("disabled" in tag(cork, "button", { "aria-label": "Increase quantity" }));
    assert.ok("disabled" in tag(cork, "button", { "aria-label": "Decrease quantity" }));
  },
);

test(
  "[product page] with a category: Home > category > product, and similar products from it",
  async (db, database) => {
    const app = testApp(database);
    const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
    await createProduct(db, { name: "Heat Mat 14W", slug: "heat-mat-14w", categoryId: cat.id });
    for (let i = 1; i <= 5; i++) await createProduct(db, { name: `Lamp ${i}`, slug: `lamp-${i}`, categoryId: cat.id });
    const body = bodyOf(await getHtml(app, "/product/heat-mat-14w"));
    has(body, /<a href="\/category\/heating-lighting"[^>]*>Heating &amp; Lighting<\/a>/);
    has(body, /aria-current="page"[^>]*>Heat Mat 14W</);
    const start = body.indexOf('id="similar-heading"');
    const similar = body.slice(start, body.indexOf("</section>", start));
    assert.equal([...similar.matchAll(/<article/g)].length, 4);
    assert.doesNotMatch(similar, /Heat Mat 14W/);
  },
);

test("[product page] the free-shipping line reads the configured threshold", async (db, database) => {
  await createProduct(db, { name: "Feeding Tongs", slug: "feeding-tongs" });
  const standard = bodyOf(await getHtml(testApp(database), "/product/feeding-tongs"));
  assert.match(textOf(standard, "data-free-shipping"), /^Free delivery on orders from R\s1\s500,00$/);
  const custom = bodyOf(
    await getHtml(testApp(database, { FREE_SHIPPING_THRESHOLD: "2000" }), "/product/feeding-tongs"),
  );
  assert.match(textOf(custom, "data-free-shipping"), /^Free delivery on orders from R\s2\s000,00$/);
  has(custom, /id="tab-shipping".*free on orders from R\s2\s000,00/s);
});

test(
  "[product page] out of stock: notify button, no add-to-cart form; share and wishlist are there",
  async (db, database) => {
    const app = testApp(database, { SITE_URL: "https://shop.example" });
    const p = await createProduct(db, { name: "Misting Nozzle", slug: "misting-nozzle", stock: 0 });
    const body = bodyOf(await getHtml(app, "/product/misting-nozzle"));
    assert.equal(textOf(body, "data-stock"), "Out of stock");
    assert.equal(tag(body, "button", { "data-notify-product": String(p.id) }).type, "submit");
    has(body, /action="\/products\/\d+\/notify"/);
    has(body, /data-notify-product="\d+"[^>]*>.*?Notify Me When Available<\/button>/s);
    hasNot(body, /action="\/cart"/);
    hasNot(body, /name="quantity"/);
    hasNot(body, />Add to Cart</);
    has(body, /action="\/wishlist\/toggle"/);
    has(body, />Add to Wishlist<\/button>/);
    has(
      body,
      /data-island="ShareButton" data-props="\{&quot;url&quot;:&quot;https:\/\/shop.example\/product\/misting-nozzle&quot;/,
    );
    for (const island of ["ProductGallery", "BuyBox", "ShareButton", "Tabs", "WishlistButton"]) {
      has(body, new RegExp(`data-island="${island}"`));
    }
  },
);

test(
  "[product page] an out-of-stock variant chosen by default (none in stock) shows notify for that variant",
  async (db, database) => {
    const app = testApp(database);
    const p = await createProduct(db, { name: "Basking Lamp", slug: "basking-lamp", stock: 5 });
    const first = await createVariant(db, p.id, { name: "50W", price: "199.00", stock: 0 });
    await createVariant(db, p.id, { name: "75W", price: "219.00", stock: 0 });
    const body = bodyOf(await getHtml(app, "/product/basking-lamp"));
    assert.equal(textOf(body, "data-sku"), first.sku);
    has(body, new RegExp(`name="variantId" value="${first.id}"`));
    has(body, /Notify Me When Available/);
    hasNot(body, /action="\/cart"/);
  },
);

test(
  "[product page] gallery: thumbnails only with more than one image; no image falls back to the placeholder",
  async (db, database) => {
    const app = testApp(database);
    await createProduct(db, { name: "Water Bowl", slug: "water-bowl", images: [] });
    await createProduct(db, {
      name: "Hide Cave",
      slug: "hide-cave",
      images: ["/images/placeholder/hide-cave.svg", "/images/placeholder/hide-cave.svg?view=2"],
    });
    const none = bodyOf(await getHtml(app, "/product/water-bowl"));
    const main = none.match(/data-gallery-main.*?(<img[^>]*>)/s)?.[1] ?? "";
    assert.equal(tag(main, "img", {}).src, "/images/placeholder/water-bowl.svg");
    assert.equal(tag(main, "img", {}).alt, "Water Bowl");
    hasNot(none, /Show image/);
    const two = bodyOf(await getHtml(app, "/product/hide-cave"));
    const thumbs = tags(two, "button", { "aria-pressed": true }).filter((b) =>
      b["aria-label"]?.startsWith("Show image")
    );
    assert.deepEqual(thumbs.map((b) => [b["aria-label"], b["aria-pressed"]]), [
      ["Show image 1 of 2", "true"],
      ["Show image 2 of 2", "false"],
    ]);
  },
);

test(
  "[product page] link previews use a 1200x630 PNG (social sites refuse SVG) or the product's photo",
  async (db, database) => {
    const app = testApp(database);
    await createProduct(db, { name: "Hide Cave", slug: "hide-cave", images: ["/images/placeholder/hide-cave.svg"] });
    await createProduct(db, { name: "Cork Round", slug: "cork-round", images: ["/uploads/cork-round.jpg"] });
    const generated = await getHtml(app, "/product/hide-cave");
    assert.equal(
      tag(generated, "meta", { property: "og:image" }).content,
      "http://localhost:8000/images/placeholder/hide-cave.png?w=1200&amp;h=630",
    );
    assert.equal(tag(generated, "meta", { property: "og:image:width" }).content, "1200");
    assert.equal(tag(generated, "meta", { property: "og:image:height" }).content, "630");
    const png = await app.request("/images/placeholder/hide-cave.png?w=1200&h=630");
    assert.equal(png.status, 200);
    assert.equal(png.headers.get("content-type"), "image/png");
    const bytes = new Uint8Array(await png.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const ihdr = new DataView(bytes.buffer, 16, 8);
    assert.deepEqual([ihdr.getUint32(0), ihdr.getUint32(4)], [1200, 630]);
    await assertPngInflates(bytes);
    const photo = await getHtml(app, "/product/cork-round");
    assert.equal(tag(photo, "meta", { property: "og:image" }).content, "http://localhost:8000/uploads/cork-round.jpg");
    assert.equal((await app.request("/images/placeholder/x.png?w=5000")).status, 400);
  },
);

/** Inflates the IDAT stream and checks its length: the zlib data of a well-formed 1200x630 RGB PNG. */
async function assertPngInflates(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer);
  let at = 8;
  const idat: Uint8Array[] = [];
  while (at < bytes.length) {
    const len = view.getUint32(at);
    const type = new TextDecoder().decode(bytes.subarray(at + 4, at + 8));
    if (type === "IDAT") idat.push(bytes.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const stream = new Blob(idat as BlobPart[]).stream().pipeThrough(new DecompressionStream("deflate"));
  const raw = new Uint8Array(await new Response(stream).arrayBuffer());
  assert.equal(raw.length, (1200 * 3 + 1) * 630);
}

test(
  "[product page] structured data: one Offer, or an AggregateOffer over the variants' price range",
  async (db, database) => {
    const app = testApp(database);
    const productLd = async (slug: string) => {
      const html = await (await app.request(`/product/${slug}`)).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1])
      );
      return blocks.find((b) => b["@type"] === "Product");
    };
    await createProduct(db, { slug: "single-lamp", price: "499.00", stock: 2 });
    assert.deepEqual(
      (({ "@type": type, price }) => ({ type, price }))((await productLd("single-lamp")).offers),
      { type: "Offer", price: "499.00" },
    );

    const tank = await createProduct(db, { slug: "glass-tank", price: "1299.00", stock: 0 });
    await createVariant(db, tank.id, { name: "45 cm", price: "1299.00", salePrice: "1099.00", stock: 0 });
    await createVariant(db, tank.id, {
      name: "90 cm",
      price: "3999.00",
      stock: 0,
      preorder: true,
      preorderDiscount: "10.00",
    });
    const offers = (await productLd("glass-tank")).offers;
    assert.equal(offers["@type"], "AggregateOffer");
    assert.equal(offers.lowPrice, "1099.00", "the sale price counts");
    assert.equal(offers.highPrice, "3599.10", "the pre-order discount counts");
    assert.equal(offers.offerCount, 2);
    assert.equal(offers.priceCurrency, "ZAR");
    assert.equal(offers.availability, "https://schema.org/InStock", "a pre-order can be bought");
  },
);

closeDatabase();
