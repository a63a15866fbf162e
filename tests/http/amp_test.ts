import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp, testConfig } from "../helpers/app.ts";
import { createCategory, createProduct, createSubcategory } from "../helpers/factories.ts";
import { describeAmpErrors, validateAmp } from "../helpers/amp_validator.ts";
import { products } from "../../db/schema/mod.ts";
import { getProduct, listCategories, listProducts } from "../../domains/catalog/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { type AmpSite, renderAmpProductPage } from "../../components/amp/mod.ts";
import { demoCatalogueApp } from "../helpers/demo_shop.ts";

const { test, closeDatabase } = useTestDatabase();

type App = ReturnType<typeof testApp>;

async function getAmp(app: App, path: string, status = 200): Promise<string> {
  const res = await app.request(path);
  assert.equal(res.status, status, `${path} -> ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

/** Passes only when the official validator reports PASS with no error and no warning. */
async function assertValidAmp(html: string, label: string) {
  const result = await validateAmp(html);
  assert.deepEqual(
    { status: result.status, problems: result.errors.length },
    { status: "PASS", problems: 0 },
    `${label}:\n${describeAmpErrors(result)}`,
  );
}

/** The text React wrote, with its entity escapes undone (for matching the spec's words). */
function decode(html: string): string {
  return html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function jsonLd(html: string): Record<string, any>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

function metaContent(html: string, key: string): string | undefined {
  const m = html.match(new RegExp(`<meta (?:name|property)="${escapeRe(key)}" content="([^"]*)">`));
  return m ? decode(m[1]) : undefined;
}

function body(html: string): string {
  return html.slice(html.indexOf("<body>"));
}

test("[amp] the validator really validates: broken AMP pages fail", async (db, database) => {
  const app = testApp(database);
  await createProduct(db, { slug: "heat-mat", name: "Heat Mat" });
  const good = await getAmp(app, "/product/heat-mat/amp");
  await assertValidAmp(good, "the untouched page");
  const broken: Record<string, string> = {
    "our own script": good.replace("</main>", "<script>alert(1)</script></main>"),
    "an iframe": good.replace("</main>", '<iframe src="https://example.com/"></iframe></main>'),
    "an event handler attribute": good.replace('<h1 class="title">', '<h1 onclick="alert(1)" class="title">'),
    "no ⚡ attribute": good.replace("<html ⚡ ", "<html "),
    "no boilerplate": good.replace(/<style amp-boilerplate>.*?<\/noscript>/, ""),
    "!important in custom CSS": good.replace("<style amp-custom>", "<style amp-custom>p{color:red !important}"),
    "an external stylesheet": good.replace("</head>", '<link rel="stylesheet" href="/static/app.css"></head>'),
    "no canonical link": good.replace(/<link rel="canonical"[^>]*>/, ""),
  };
  for (const [what, html] of Object.entries(broken)) {
    assert.notEqual(html, good, `mutation applied: ${what}`);
    const result = await validateAmp(html);
    assert.equal(result.status, "FAIL", `a page with ${what} must fail`);
    assert.ok(result.errors.some((e) => e.severity === "ERROR"), `${what} reports an error`);
  }
});

test("[amp] every seeded category's AMP page passes the AMP validator", async (db, database) => {
  const app = await demoCatalogueApp(db, database);
  const categories = await listCategories(db);
  assert.equal(categories.length, 10);
  for (const c of categories) {
    const html = await getAmp(app, `/category/${c.slug}/amp`);
    await assertValidAmp(html, `/category/${c.slug}/amp`);
    const decoded = decode(html);
    assert.ok(decoded.includes(`<h1 class="title">${c.name}</h1>`), c.slug);
    assert.ok(decoded.includes(`>${c.productCount} products found<`), `${c.slug} count ${c.productCount}`);
    assert.equal((html.match(/<a class="card" href="\/product\/[a-z0-9-]+">/g) ?? []).length, c.productCount);
  }
});

test(
  "[amp] seeded product AMP pages pass the AMP validator (one image, several, sale, out of stock)",
  async (db, database) => {
    const app = await demoCatalogueApp(db, database);
    const all = (await listProducts(db, { limit: 1000 })).items;
    // Every seeded product is validated; make sure the set covers the cases the pages branch on.
    assert.ok(all.length >= 15);
    assert.ok(all.some((p) => p.images.length === 1), "a product with one image");
    assert.ok(all.some((p) => p.images.length > 1), "a product with several images");
    assert.ok(all.some((p) => p.salePriceCents !== null), "a product on sale");
    assert.ok(all.some((p) => p.stock === 0), "a product out of stock");
    // The demo catalogue has no product without a brand; add one (and one without any image or category).
    await createProduct(db, { slug: "unbranded-water-bowl", name: "Unbranded Water Bowl", brand: null });
    await createProduct(db, { slug: "loose-item", name: "Loose Item", images: [], categoryId: null, stock: 0 });
    let validated = 0;
    for (const p of [...all, { slug: "unbranded-water-bowl" }, { slug: "loose-item" }]) {
      const html = await getAmp(app, `/product/${p.slug}/amp`);
      await assertValidAmp(html, `/product/${p.slug}/amp`);
      validated++;
    }
    assert.equal(validated, all.length + 2);
    for (const p of all) {
      if (p.images.length === 1 || p.images.length > 1 && p.salePriceCents !== null || p.stock === 0) {
        const html = await getAmp(app, `/product/${p.slug}/amp`);
        assert.equal(html.includes("<amp-carousel"), p.images.length > 1, `${p.slug} carousel iff several images`);
        assert.equal(html.includes("<s "), p.salePriceCents !== null, `${p.slug} strike iff on sale`);
        assert.ok(html.includes(p.stock > 0 ? ">In Stock<" : ">Out of Stock<"), p.slug);
      }
    }
  },
);

test(
  "[amp] product page: name, sale price struck through, In Stock, buttons, description, specs, breadcrumb",
  async (db, database) => {
    const app = testApp(database);
    const cat = await createCategory(db, { slug: "heating-lighting", name: "Heating & Lighting" });
    const description = "First paragraph about <b>UVB</b> & heat.\n\nSecond paragraph,\nwith a line break.";
    const product = await createProduct(db, {
      name: "Arcadia T5 UVB Kit 12%",
      slug: "arcadia-t5-uvb-kit",
      price: "1299.00",
      salePrice: "1099.00",
      stock: 4,
      brand: "Arcadia",
      categoryId: cat.id,
      description,
      weight: "2.5",
      length: "30",
      width: "20",
      height: "10",
    });
    const html = await getAmp(app, "/product/arcadia-t5-uvb-kit/amp");
    await assertValidAmp(html, "product page");
    const page = body(html);
    assert.match(page, /<h1 class="title">Arcadia T5 UVB Kit 12%<\/h1>/);
    // Sale price first, regular price struck through, both formatted by formatMoney.
    assert.ok(page.includes(`<span class="price-now price-sale">${formatMoney(109900)}</span>`));
    assert.match(page, new RegExp(`<s class="price-was">.*?${escapeRe(formatMoney(129900))}</s>`));
    assert.match(page, /<p class="stock stock-in">In Stock<\/p>/);
    assert.match(html, /\.stock-in\{color:#15803d\}/, "In Stock is green");
    assert.match(html, /\.stock-out\{color:#b91c1c\}/, "Out of Stock is red");
    // One image: a plain amp-img at 400x300, no carousel.
    assert.doesNotMatch(page, /<amp-carousel/);
    assert.match(
      page,
      /<amp-img src="\/images\/placeholder\/[^"]+" alt="[^"]*" width="400" height="300" layout="responsive">/,
    );
    assert.match(page, new RegExp(`<a class="btn btn-primary" href="/cart\\?product=${product.id}">Add to Cart</a>`));
    assert.match(page, /<a class="btn btn-outline" href="\/product\/arcadia-t5-uvb-kit">View Full Product<\/a>/);
    // Description: escaped, one <p> per paragraph and per line.
    assert.ok(page.includes("<p>First paragraph about &lt;b&gt;UVB&lt;/b&gt; &amp; heat.</p>"));
    assert.ok(page.includes("<p>Second paragraph,</p><p>with a line break.</p>"));
    assert.doesNotMatch(page, /<b>UVB/);
    // Specifications: brand, SKU, weight in kg, dimensions L × W × H cm.
    assert.match(page, /<h2 id="specs-title">Specifications<\/h2>/);
    assert.ok(page.includes('<th scope="row">Brand</th><td>Arcadia</td>'));
    assert.ok(page.includes(`<th scope="row">SKU</th><td>${product.sku}</td>`));
    assert.ok(page.includes('<th scope="row">Weight</th><td>2.5 kg</td>'));
    assert.ok(page.includes('<th scope="row">Dimensions</th><td>30 × 20 × 10 cm</td>'));
    // Breadcrumb: All Categories, then the category by slug, then the product.
    assert.match(
      page,
      /<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="\/categories">All Categories<\/a><\/li><li><a href="\/category\/heating-lighting">Heating &amp; Lighting<\/a><\/li><li><span aria-current="page">Arcadia T5 UVB Kit 12%<\/span><\/li><\/ol><\/nav>/,
    );
    // Head: title, canonical to the non-AMP page, social tags, JSON-LD Product with an Offer in ZAR.
    assert.match(html, /<title>Arcadia T5 UVB Kit 12% \| Reptile Basics<\/title>/);
    assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/product\/arcadia-t5-uvb-kit">/);
    assert.equal(metaContent(html, "og:url"), `${TEST_ORIGIN}/product/arcadia-t5-uvb-kit`);
    assert.equal(metaContent(html, "og:type"), "product");
    assert.equal(metaContent(html, "og:title"), "Arcadia T5 UVB Kit 12% | Reptile Basics");
    assert.equal(metaContent(html, "product:price:currency"), "ZAR");
    const ld = jsonLd(html).find((b) => b["@type"] === "Product")!;
    assert.equal(ld.name, "Arcadia T5 UVB Kit 12%");
    assert.equal(ld.offers["@type"], "Offer");
    assert.equal(ld.offers.priceCurrency, "ZAR");
    assert.equal(ld.offers.price, "1099.00");
    assert.equal(ld.offers.availability, "https://schema.org/InStock");
    assert.equal(ld.offers.url, `${TEST_ORIGIN}/product/arcadia-t5-uvb-kit`);
  },
);

test(
  "[amp] product page: Out of Stock, several images in a carousel, no strike without a sale",
  async (db, database) => {
    const app = testApp(database);
    await createProduct(db, {
      name: "Glass Terrarium",
      slug: "glass-terrarium",
      price: "2299.00",
      stock: 0,
      images: [
        "/images/placeholder/glass-terrarium.svg",
        "/images/placeholder/glass-terrarium.svg?view=2",
        "/x/photo.jpg",
      ],
    });
    const html = await getAmp(app, "/product/glass-terrarium/amp");
    await assertValidAmp(html, "out-of-stock product with a carousel");
    const page = body(html);
    assert.match(page, /<p class="stock stock-out">Out of Stock<\/p>/);
    assert.doesNotMatch(page, /In Stock/);
    assert.ok(page.includes(`<span class="price-now">${formatMoney(229900)}</span>`));
    assert.doesNotMatch(page, /<s[ >]/);
    assert.match(page, /<amp-carousel type="slides" layout="responsive" width="400" height="300"/);
    const slides = [...page.matchAll(/<amp-img src="([^"]+)"[^>]* width="400" height="300" layout="responsive">/g)]
      .map((m) => decode(m[1]));
    assert.deepEqual(slides, [
      "/images/placeholder/glass-terrarium.svg?w=800&h=600",
      "/images/placeholder/glass-terrarium.svg?view=2&w=800&h=600",
      "/x/photo.jpg",
    ]);
    assert.match(
      html,
      /<script async custom-element="amp-carousel" src="https:\/\/cdn\.ampproject\.org\/v0\/amp-carousel-0\.2\.js"><\/script>/,
    );
    const ld = jsonLd(html).find((b) => b["@type"] === "Product")!;
    assert.equal(ld.offers.availability, "https://schema.org/OutOfStock");
  },
);

test("[amp] specifications table only with a brand; weight and dimensions only when known", async (db, database) => {
  const app = testApp(database);
  await createProduct(db, { slug: "no-brand", brand: null, weight: "1.0", length: "1", width: "2", height: "3" });
  await createProduct(db, { slug: "partial", brand: "Zoo Med", length: "40", width: "30" });
  await createProduct(db, {
    slug: "complete",
    brand: "Exo Terra",
    weight: "14.5",
    length: "50",
    width: "50",
    height: "68",
  });
  const noBrand = await getAmp(app, "/product/no-brand/amp");
  assert.doesNotMatch(body(noBrand), /Specifications/);
  assert.doesNotMatch(body(noBrand), /<table/);
  assert.doesNotMatch(body(noBrand), /brand-label/);
  const partial = body(await getAmp(app, "/product/partial/amp"));
  assert.match(partial, /Specifications/);
  assert.ok(partial.includes('<th scope="row">Brand</th><td>Zoo Med</td>'));
  assert.match(partial, /<th scope="row">SKU<\/th>/);
  assert.doesNotMatch(partial, />Weight</);
  assert.doesNotMatch(partial, />Dimensions</, "dimensions need length, width and height");
  const complete = body(await getAmp(app, "/product/complete/amp"));
  assert.ok(complete.includes('<th scope="row">Weight</th><td>14.5 kg</td>'));
  assert.ok(complete.includes('<th scope="row">Dimensions</th><td>50 × 50 × 68 cm</td>'));
  await assertValidAmp(noBrand, "no-brand product");
});

test(
  "[amp] breadcrumb: no category link without a category; 'View Similar Products' when only its id is known",
  async (db, database) => {
    const app = testApp(database);
    await createProduct(db, { slug: "orphan", name: "Orphan", categoryId: null });
    const orphan = body(await getAmp(app, "/product/orphan/amp"));
    assert.match(
      orphan,
      /<ol><li><a href="\/categories">All Categories<\/a><\/li><li><span aria-current="page">Orphan<\/span><\/li><\/ol>/,
    );
    assert.doesNotMatch(orphan, /View Similar Products/);
    // A product whose category id is known but whose category record is not (as the spec allows).
    const cat = await createCategory(db);
    const row = await createProduct(db, { slug: "half-known", name: "Half Known", categoryId: cat.id });
    const product = { ...(await getProduct(db, { id: row.id })), category: null };
    const config = testConfig();
    const site: AmpSite = {
      name: config.shop.name,
      url: config.siteUrl,
      companyName: config.shop.business.companyName,
      freeShippingCents: config.shop.freeShippingThresholdCents,
      analytics: config.shop.analytics,
    };
    const html = renderAmpProductPage(site, product, { title: product.name, canonicalPath: "/product/half-known" });
    assert.match(
      body(html),
      /<li><a href="\/categories">All Categories<\/a><\/li><li><a href="\/products">View Similar Products<\/a><\/li>/,
    );
    await assertValidAmp(html, "'View Similar Products' page");
  },
);

test(
  "[amp] meta description: metaDescription when set, else the name plus the first 150 characters",
  async (db, database) => {
    const app = testApp(database);
    const long = "Ceramic heat emitters give heat without light, so night temperatures hold while the animal " +
      "sleeps. Always run one through a thermostat and inside a guard, because the surface is hot.";
    assert.ok(long.length > 150);
    await createProduct(db, { slug: "emitter", name: "Ceramic Heat Emitter 100W", description: long });
    await createProduct(db, { slug: "short", name: "Short One", description: "Tiny.\nTwo lines." });
    await createProduct(db, { slug: "with-meta", name: "Meta", description: long, metaDescription: "Own words." });
    const emitter = await getAmp(app, "/product/emitter/amp");
    const expected = `Ceramic Heat Emitter 100W - ${long.slice(0, 150).trimEnd()}…`;
    assert.equal(metaContent(emitter, "description"), expected);
    assert.equal(metaContent(emitter, "og:description"), expected);
    assert.equal(metaContent(await getAmp(app, "/product/short/amp"), "description"), "Short One - Tiny. Two lines.");
    assert.equal(metaContent(await getAmp(app, "/product/with-meta/amp"), "description"), "Own words.");
  },
);

test(
  "[amp] category page: name, description, count, cards with prices, products of sub-categories",
  async (db, database) => {
    const app = testApp(database);
    const parent = await createCategory(db, { slug: "health-hygiene", name: "Health & Hygiene", description: null });
    const child = await createSubcategory(db, parent, { slug: "cleaning", name: "Cleaning" });
    const other = await createCategory(db, { slug: "decor", name: "Decor", description: "Hides and vines." });
    await createProduct(db, {
      slug: "f10-disinfectant",
      name: "F10 Disinfectant",
      categoryId: child.id,
      price: "249.00",
    });
    await createProduct(db, {
      slug: "mite-spray",
      name: "Mite Spray",
      categoryId: parent.id,
      price: "199.00",
      salePrice: "149.00",
      stock: 0,
    });
    await createProduct(db, { slug: "cork-bark", name: "Cork Bark", categoryId: other.id });
    const html = await getAmp(app, "/category/health-hygiene/amp");
    await assertValidAmp(html, "category page");
    const page = body(html);
    assert.match(page, /<h1 class="title">Health &amp; Hygiene<\/h1>/);
    assert.ok(
      page.includes("<p>Shop our curated selection of Health &amp; Hygiene for reptiles and amphibians...</p>"),
      "default description",
    );
    assert.match(page, /<p class="count">2 products found<\/p>/);
    assert.match(page, /<a class="card" href="\/product\/f10-disinfectant">/, "includes the sub-category's product");
    assert.match(page, /<a class="card" href="\/product\/mite-spray">/);
    assert.doesNotMatch(page, /cork-bark/);
    assert.match(
      page,
      /<amp-img src="\/images\/placeholder\/f10-disinfectant\.svg\?w=400&amp;h=400" alt="F10 Disinfectant" width="200" height="200" layout="responsive">/,
    );
    assert.ok(page.includes(`<span class="price-now">${formatMoney(24900)}</span>`));
    assert.ok(page.includes(`<span class="price-now price-sale">${formatMoney(14900)}</span>`));
    assert.match(page, new RegExp(`<s class="price-was">.*?${escapeRe(formatMoney(19900))}</s>`));
    assert.match(page, /<h2 class="card-name">Mite Spray<\/h2><p class="card-out">Out of Stock<\/p>/);
    // Head: canonical to the non-AMP category page, social tags, JSON-LD CollectionPage.
    assert.match(html, /<title>Health &amp; Hygiene \| Reptile Basics<\/title>/);
    assert.match(html, /<link rel="canonical" href="http:\/\/localhost:8000\/category\/health-hygiene">/);
    assert.equal(metaContent(html, "og:url"), `${TEST_ORIGIN}/category/health-hygiene`);
    assert.equal(
      metaContent(html, "description"),
      "Shop our curated selection of Health & Hygiene for reptiles and amphibians...",
    );
    const ld = jsonLd(html).find((b) => b["@type"] === "CollectionPage")!;
    assert.equal(ld.name, "Health & Hygiene");
    assert.equal(ld.url, `${TEST_ORIGIN}/category/health-hygiene`);
    assert.equal(ld.mainEntity.numberOfItems, 2);
    assert.deepEqual(ld.mainEntity.itemListElement.map((i: { url: string }) => i.url).sort(), [
      `${TEST_ORIGIN}/product/f10-disinfectant`,
      `${TEST_ORIGIN}/product/mite-spray`,
    ]);
    // A category with its own description shows it; one product reads in the singular.
    const decor = body(await getAmp(app, "/category/decor/amp"));
    assert.match(decor, /<p>Hides and vines\.<\/p>/);
    assert.match(decor, /<p class="count">1 product found<\/p>/);
  },
);

test("[amp] a category with more than 100 products lists 100 and counts them all", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { slug: "feeders", name: "Feeders" });
  await db.insert(products).values(Array.from({ length: 101 }, (_, i) => ({
    name: `Feeder ${i + 1}`,
    slug: `feeder-${i + 1}`,
    sku: `FEED-${i + 1}`,
    price: "10.00",
    stock: 1,
    categoryId: cat.id,
  })));
  const html = await getAmp(app, "/category/feeders/amp");
  assert.match(html, /<p class="count">101 products found<\/p>/);
  assert.equal((html.match(/<a class="card" /g) ?? []).length, 100);
  await assertValidAmp(html, "101-product category");
});

test(
  "[amp] empty category: 'No products found in this category.' and a View Full Category Page button",
  async (db, database) => {
    const app = testApp(database);
    const cat = await createCategory(db, { name: "Empty Shelf" });
    const html = await getAmp(app, `/category/${cat.slug}/amp`);
    await assertValidAmp(html, "empty category");
    const page = body(html);
    assert.match(page, /<p class="count">0 products found<\/p>/);
    assert.match(page, /<p>No products found in this category\.<\/p>/);
    assert.ok(page.includes(`<a class="btn btn-primary" href="/category/${cat.slug}">View Full Category Page</a>`));
    assert.doesNotMatch(page, /class="grid"/);
  },
);

test("[amp] unknown or malformed slugs are 404 pages with the spec's texts", async (db, database) => {
  const app = testApp(database);
  await createProduct(db, { slug: "real-product" });
  const product = await getAmp(app, "/product/no-such-product/amp", 404);
  assert.match(product, /<h1>Product Not Found<\/h1>/);
  assert.ok(decode(product).includes("The product you're looking for doesn't exist or has been removed."));
  assert.match(product, /<a class="btn btn-primary" href="\/">Return to Home<\/a>/);
  assert.match(product, /<meta name="robots" content="noindex, nofollow">/);
  await assertValidAmp(product, "product 404");
  const category = await getAmp(app, "/category/no-such-category/amp", 404);
  assert.match(category, /<h1>Category Not Found<\/h1>/);
  assert.match(category, /<a class="btn btn-primary" href="\/">Return to Home<\/a>/);
  await assertValidAmp(category, "category 404");
  for (const path of ["/product/Real-Product/amp", "/product/real_product/amp", "/category/%3Cscript%3E/amp"]) {
    const html = await getAmp(app, path, 404);
    assert.match(html, /Not Found<\/h1>/, path);
    assert.doesNotMatch(html, /<script>/, path);
  }
});

/** The links of every AMP page's sidebar menu and footer: [where, label, href]. */
const AMP_LINKS: ["menu" | "footer", string, string][] = [
  ["menu", "Home", "/"],
  ["menu", "Categories", "/categories"],
  ["menu", "All Products", "/products"],
  ["menu", "Cart", "/cart"],
  ["menu", "My Account", "/account"],
  ["footer", "About Us", "/about"],
  ["footer", "Contact", "/contact"],
  ["footer", "Terms &amp; Conditions", "/terms"],
  ["footer", "Privacy Policy", "/privacy"],
];

test(
  "[amp] layout: right-hand menu, header, footer, copyright, two analytics tags, only AMP scripts",
  async (db, database) => {
    const app = testApp(database, {
      SHOP_NAME: "Gecko Corner",
      GA_MEASUREMENT_ID: "G-GECKO2026",
      META_PIXEL_ID: "1234567890123",
    });
    const cat = await createCategory(db, { slug: "decor", name: "Decor" });
    await createProduct(db, { slug: "cork-bark", name: "Cork Bark", categoryId: cat.id });
    for (const path of ["/product/cork-bark/amp", "/category/decor/amp"]) {
      const html = await getAmp(app, path);
      assert.ok(html.startsWith('<!doctype html><html ⚡ lang="en-ZA"><head><meta charset="utf-8">'), path);
      const page = body(html);
      // Sidebar menu, opening on the right, toggled by the header's menu button.
      assert.match(page, /^<body><amp-sidebar id="site-menu" layout="nodisplay" side="right">/);
      const sidebar = page.slice(0, page.indexOf("</amp-sidebar>"));
      assert.match(
        page,
        /<button type="button" class="menu-btn" aria-label="Open menu"[^>]* on="tap:site-menu\.toggle">/,
      );
      assert.match(page, /<a href="\/" class="brand">.*?<span>Gecko Corner<\/span><\/a>/);
      const footer = page.slice(page.indexOf('<footer class="site-footer">'), page.indexOf("</footer>"));
      const parts = { menu: sidebar, footer };
      for (const [part, label, href] of AMP_LINKS) {
        assert.ok(parts[part].includes(`<a href="${href}">${label}</a>`), `${path} ${part} ${label}`);
      }
      assert.ok(footer.includes(`© ${new Date().getFullYear()} Gecko Corner (Pty) Ltd. All rights reserved.`), path);
      // Two vendor analytics tags, carrying the configured ids.
      const analytics = [...page.matchAll(/<amp-analytics type="([a-z]+)"/g)].map((m) => m[1]);
      assert.deepEqual(analytics, ["gtag", "facebookpixel"]);
      assert.ok(page.includes('"gtag_id":"G-GECKO2026"'), `${path} GA id`);
      assert.ok(page.includes('"pixelId":"1234567890123"'), `${path} pixel id`);
      // Scripts: the runtime, official component scripts, JSON-LD and analytics config only.
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
      for (const attrs of scripts) {
        assert.match(
          attrs,
          /^( async src="https:\/\/cdn\.ampproject\.org\/v0\.js"| async custom-element="amp-(analytics|sidebar|carousel)" src="https:\/\/cdn\.ampproject\.org\/v0\/amp-\2-0\.[12]\.js"| type="application\/ld\+json"| type="application\/json")$/,
          `${path} script${attrs}`,
        );
      }
      assert.equal((html.match(/<style amp-custom>/g) ?? []).length, 1);
      const css = html.match(/<style amp-custom>(.*?)<\/style>/s)![1];
      assert.ok(new TextEncoder().encode(css).length < 75_000, "custom CSS under 75 KB");
      assert.doesNotMatch(html, /\sstyle="/, "no inline style attributes");
      assert.equal(metaContent(html, "og:site_name"), "Gecko Corner");
      assert.match(html, /<title>[^<]+ \| Gecko Corner<\/title>/);
      assert.equal(metaContent(html, "robots"), "index, follow");
      await assertValidAmp(html, path);
    }
  },
);

test("[amp] without analytics ids the pages carry no analytics tag and no analytics script", async (db, database) => {
  const app = testApp(database);
  const cat = await createCategory(db, { slug: "decor", name: "Decor" });
  await createProduct(db, { slug: "cork-bark", name: "Cork Bark", categoryId: cat.id });
  for (const path of ["/product/cork-bark/amp", "/category/decor/amp"]) {
    const html = await getAmp(app, path);
    assert.doesNotMatch(html, /amp-analytics/, path);
    await assertValidAmp(html, path);
  }
  const onlyGa = await getAmp(testApp(database, { GA_MEASUREMENT_ID: "G-ONLYGA1" }), "/category/decor/amp");
  assert.deepEqual([...onlyGa.matchAll(/<amp-analytics type="([a-z]+)"/g)].map((m) => m[1]), ["gtag"]);
});

test("[amp] text from the database is escaped, JSON-LD included", async (db, database) => {
  const app = testApp(database);
  await createProduct(db, {
    slug: "sneaky",
    name: `Sneaky </script><script>alert(1)</script> "quoted" & more`,
    brand: `<img src=x onerror=alert(1)>`,
    description: "<script>alert(2)</script>",
  });
  const html = await getAmp(app, "/product/sneaky/amp");
  await assertValidAmp(html, "hostile product text");
  assert.doesNotMatch(html, /<script>alert/);
  assert.doesNotMatch(html, /<img src=x/);
  const product = jsonLd(html).find((b) => b["@type"] === "Product")!;
  assert.equal(product.name, `Sneaky </script><script>alert(1)</script> "quoted" & more`);
});

test(
  "[amp] the product page links its AMP twin with rel=amphtml, and that URL serves the AMP page",
  async (db, database) => {
    const app = testApp(database);
    await createProduct(db, { slug: "heat-mat", name: "Heat Mat" });
    const res = await app.request("/product/heat-mat");
    assert.equal(res.status, 200);
    const html = await res.text();
    const link = html.match(/<link rel="amphtml" href="([^"]+)"/);
    assert.ok(link, "rel=amphtml link");
    assert.equal(link[1], `${TEST_ORIGIN}/product/heat-mat/amp`);
    const amp = await getAmp(app, new URL(link[1]).pathname);
    assert.match(amp, /<link rel="canonical" href="http:\/\/localhost:8000\/product\/heat-mat">/);
  },
);

closeDatabase();
