/** Information pages, order tracking, the PVC landing page, sitemap.xml and robots.txt through app.request(). */
import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { orders } from "../../db/schema/mod.ts";
import { seedDemo } from "../../seed/mod.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp } from "../helpers/app.ts";
import { createCategory, createProduct, createUser } from "../helpers/factories.ts";
import { demoCatalogueApp } from "../helpers/demo_shop.ts";

const { test, closeDatabase } = useTestDatabase();

type App = ReturnType<typeof testApp>;

async function getHtml(app: App, path: string, status = 200) {
  const res = await app.request(path);
  assert.equal(res.status, status, `${path} -> ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  return await res.text();
}

/** The page's visible text: tags dropped, entities decoded, whitespace collapsed. */
function textOf(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&nbsp;|\u00a0/g, " ").replace(/\s+/g, " ");
}

/** The markup inside <main> (the header and footer carry the search form). */
function mainOf(html: string): string {
  return html.split('<main id="main"')[1]?.split("</main>")[0] ?? "";
}

function assertPageChrome(html: string, path: string, title: string) {
  assert.match(html, new RegExp(`<title>${title} \\| Reptile Basics</title>`), `${path} title`);
  assert.match(html, new RegExp(`<link rel="canonical" href="${TEST_ORIGIN}${path}"`), `${path} canonical`);
  assert.match(html, /<meta name="description" content="[^"]{20,}"/, `${path} description`);
  assert.match(html, /<nav aria-label="Breadcrumb"[\s\S]*?href="\/"[^>]*>Home<\/a>/, `${path} breadcrumb`);
  assert.match(html, new RegExp(`aria-current="page"[^>]*>${title}</span>`), `${path} breadcrumb current`);
}

async function createOrder(
  db: Db,
  values: { email: string; orderNumber: string; status?: "pending" | "processing" | "shipped" | "delivered" },
) {
  const user = await createUser(db, {
    username: `keeper${values.orderNumber.slice(-4)}`,
    email: values.email,
    firstName: "Lerato",
  });
  const [order] = await db.insert(orders).values({
    userId: user.id,
    orderNumber: values.orderNumber,
    status: values.status ?? "processing",
    total: "2150.00",
    subtotal: "2150.00",
    shippingMethod: "standard",
    paymentMethod: "stripe",
    paymentId: "pi_test_123",
    createdAt: new Date("2026-03-05T10:00:00+02:00"),
  }).returning();
  return { user, order };
}

test("[info] every information page renders with its title, canonical and breadcrumb", async (_db, database) => {
  const app = testApp(database);
  const pages: [string, string][] = [
    ["/about", "About Us"],
    ["/contact", "Contact Us"],
    ["/faqs", "Frequently Asked Questions"],
    ["/shipping", "Shipping Information"],
    ["/returns", "Returns Policy"],
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms and Conditions"],
    ["/help", "Help Centre"],
    ["/community", "Keeper Community"],
    ["/track-order", "Track Your Order"],
  ];
  for (const [path, title] of pages) {
    const html = await getHtml(app, path);
    assertPageChrome(html, path, title);
    assert.match(html, new RegExp(`<h1[^>]*>${title}</h1>`), `${path} h1`);
    assert.doesNotMatch(html, /lorem ipsum/i);
  }
});

test(
  "[info] shipping page gives the dispatch and delivery windows and the configured free-delivery amount",
  async (_db, database) => {
    const html = await getHtml(testApp(database, { FREE_SHIPPING_THRESHOLD: "2000", DELIVERY_FEE: "80" }), "/shipping");
    const text = textOf(html);
    assert.match(text, /dispatched within 1-2 business days/);
    assert.match(text, /Major cities .* 1-3 business days/);
    assert.match(text, /Regional areas .* 3-5 business days/);
    assert.match(text, /Remote areas .* 5-7 business days/);
    assert.match(text, /free on orders from R\s?2\s?000,00/);
    assert.match(
      text,
      /Below that, standard delivery costs R\s?80,00 \(VAT included\)/,
      "the fee the checkout charges",
    );
    assert.doesNotMatch(text, /R\s?1\s?500,00/, "the default threshold is not hard-coded");
    assert.match(text, /South Africa only/);
    assert.match(text, /PUDO/);
  },
);

test("[info] returns page: 14 days from delivery, original condition, ECTA cooling-off", async (_db, database) => {
  const text = textOf(await getHtml(testApp(database), "/returns"));
  assert.match(text, /within 14 days of delivery/);
  assert.match(text, /original condition/);
  assert.match(text, /section 44 of the Electronic Communications and Transactions Act 25 of 2002/);
  assert.match(text, /within 7 days of receiving the goods/);
  assert.match(text, /support@reptilebasics\.co\.za/);
});

test("[info] privacy page covers POPIA rights", async (_db, database) => {
  const text = textOf(await getHtml(testApp(database), "/privacy"));
  assert.match(text, /Protection of Personal Information Act \(POPIA\)/);
  assert.match(text, /Responsible party Reptile Basics \(Pty\) Ltd/);
  assert.match(text, /Information Officer/);
  for (const heading of ["What we collect", "Why we use it", "Who we share it with", "How long we keep it"]) {
    assert.ok(text.includes(heading), heading);
  }
  assert.match(text, /Stripe/);
  assert.match(text, /Couriers/);
  assert.match(text, /E-mail provider/);
  assert.match(text, /Transfers outside South Africa/);
  assert.match(text, /section 72 of POPIA/);
  for (const right of ["Access:", "Correction:", "Deletion:", "Objection:"]) assert.ok(text.includes(right), right);
  assert.match(text, /download your data/);
  assert.match(text, /delete your account/);
  assert.match(text, /Information Regulator \(South Africa\)/);
  assert.match(text, /POPIAComplaints@inforegulator\.org\.za/);
  assert.match(text, /Session cookie/);
  assert.match(text, /Cart:/);
});

test("[info] privacy page names what the shop keeps and no tracking it does not do", async (_db, database) => {
  const text = textOf(await getHtml(testApp(database), "/privacy"));
  // What the schema holds (db/schema/*.ts) and the code sends: each is named.
  for (
    const kept of [
      /VAT number/,
      /tax invoices and credit notes/,
      /referral code/,
      /products you view/,
      /Visitor cookie/,
      /Stripe, PayFast and Stitch/,
      /per IP address/,
      /reviews, replies and helpful votes/,
      /newsletter/,
    ]
  ) assert.match(text, kept);
  // Without analytics ids the AMP pages send no hits, so the notice promises no tracking cookies ...
  assert.match(text, /We do not use advertising or third-party tracking cookies\./);
  assert.doesNotMatch(text, /Google Analytics|Meta \(Facebook\) pixel/);
  // ... and with them it says which trackers the AMP pages carry.
  const tracked = textOf(
    await getHtml(testApp(database, { GA_MEASUREMENT_ID: "G-TEST123", META_PIXEL_ID: "123456" }), "/privacy"),
  );
  assert.match(tracked, /count visits with Google Analytics and the Meta \(Facebook\) pixel/);
  assert.doesNotMatch(tracked, /We do not use advertising or third-party tracking cookies\./);
});

test("[info] terms page carries the ECTA section 43 supplier details from configuration", async (_db, database) => {
  const html = await getHtml(testApp(database, { SHOP_PHONE: "+27 21 000 1234" }), "/terms");
  const text = textOf(html);
  assert.match(text, /section 43 of the Electronic Communications and Transactions Act 25 of 2002/);
  assert.match(text, /Full name Reptile Basics \(Pty\) Ltd/);
  assert.match(text, /Legal status Private company/);
  assert.match(html, /<span data-registration="true">2022\/481516\/07<\/span>/);
  assert.match(html, /<span data-directors="true">Thandeka Mokoena, Pieter van der Merwe<\/span>/);
  assert.match(html, /<span data-vat="true">4810262345<\/span>/);
  assert.match(text, /Physical address 14 Kingfisher Road, Randburg, Johannesburg, 2194/);
  assert.match(text, /Telephone \+27 21 000 1234/, "the telephone comes from SHOP_PHONE");
  assert.match(text, /E-mail support@reptilebasics\.co\.za/);
  assert.match(text, /Website localhost:8000/);
  assert.match(html, /href="http:\/\/localhost:8000"/);
  assert.match(text, /include VAT/);
  assert.match(text, /Visa and Mastercard/);
  assert.match(text, /Stripe/);
  assert.match(text, /Cooling-off period \(ECTA section 44\)/);
  assert.match(text, /within 7 days of receiving the goods/);
  assert.match(text, /14 days of delivery/);
  assert.match(text, /Complaints and disputes/);
  assert.match(html, /href="\/privacy"/);
});

test(
  "[info] contact page shows the configured phone, e-mail, address and trading hours; no form",
  async (_db, database) => {
    const html = await getHtml(testApp(database, { SHOP_EMAIL: "hello@example.co.za" }), "/contact");
    const text = textOf(html);
    assert.match(html, /href="mailto:hello@example\.co\.za"/);
    assert.match(html, /href="tel:\+27115550142"/);
    assert.match(text, /14 Kingfisher Road, Randburg, Johannesburg, 2194/);
    assert.match(html, /<ul[^>]*data-trading-hours="true"[^>]*><li>Mon-Fri 9am-5pm<\/li><li>Sat 9am-2pm<\/li>/);
    assert.doesNotMatch(mainOf(html), /<form/);
  },
);

test("[info] FAQs are <details> answers; about, help and community link where they should", async (_db, database) => {
  const app = testApp(database);
  const faqs = await getHtml(app, "/faqs");
  assert.ok((faqs.match(/<details[^>]*data-faq/g) ?? []).length >= 12);
  const faqText = textOf(faqs);
  for (const topic of [/UVB/, /thermostat/, /PUDO locker/, /How long does delivery take/, /return/, /pay/, /account/]) {
    assert.match(faqText, topic);
  }
  const about = textOf(await getHtml(app, "/about"));
  assert.match(about, /since 2022/);
  assert.match(about, /Johannesburg/);
  const help = await getHtml(app, "/help");
  for (const href of ["/faqs", "/shipping", "/returns", "/track-order", "/contact", "/privacy", "/terms"]) {
    assert.match(help, new RegExp(`href="${href}"`), `help links ${href}`);
  }
  const community = await getHtml(app, "/community");
  for (const href of ["https://www.facebook.com/reptilebasics", "https://www.instagram.com/reptilebasics"]) {
    assert.ok(community.includes(`href="${href}"`), href);
  }
  assert.doesNotMatch(mainOf(community), /<form/);
});

test("[info] track order finds an order by number and e-mail, ignoring the e-mail's case", async (db, database) => {
  await createOrder(db, { email: "Lerato@Example.co.za", orderNumber: "RB-1741161600123" });
  const res = await testApp(database).request("/track-order?orderNumber=RB-1741161600123&email=lerato%40example.CO.ZA");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("cache-control") ?? "", /no-store/);
  const html = await res.text();
  const text = textOf(html);
  assert.match(text, /Order #RB-1741161600123/);
  assert.match(html, /data-order-status="true">Processing</);
  assert.match(text, /Placed on 5 March 2026/);
  assert.match(text, /Delivery method Standard courier delivery/);
  assert.match(html, /<meta name="robots" content="noindex, nofollow"/);
  assert.doesNotMatch(text, /couldn't find/);
  const typedLower = await getHtml(
    testApp(database),
    "/track-order?orderNumber=%20rb-1741161600123%20&email=%20LERATO%40example.co.za",
  );
  assert.match(typedLower, /data-order-status="true">Processing</, "order number case and spaces are forgiven");
});

test("[info] track order: unknown number and wrong e-mail give the same not-found answer", async (db, database) => {
  await createOrder(db, { email: "lerato@example.co.za", orderNumber: "RB-1741161600123" });
  const app = testApp(database);
  const unknown = await getHtml(app, "/track-order?orderNumber=RB-999&email=lerato%40example.co.za");
  const wrongEmail = await getHtml(app, "/track-order?orderNumber=RB-1741161600123&email=someone%40example.co.za");
  for (const html of [unknown, wrongEmail]) {
    assert.match(textOf(html), /We couldn't find an order with that number and e-mail address\./);
    assert.doesNotMatch(html, /data-order-status/);
  }
  const strip = (h: string) => textOf(h).replace(/value="[^"]*"/g, "").replace(/RB-\d+|\S+@example\.co\.za/g, "");
  assert.equal(strip(unknown), strip(wrongEmail), "both answers read the same");
});

test("[info] track order: bad input gets field messages and a 400, keeping what was typed", async (_db, database) => {
  const app = testApp(database);
  const html = await getHtml(app, "/track-order?orderNumber=12345&email=not-an-email", 400);
  const text = textOf(html);
  assert.match(text, /Order numbers look like RB-/);
  assert.match(text, /Enter a valid e-mail address\./);
  assert.match(html, /name="orderNumber"[^>]*value="12345"/);
  assert.match(html, /aria-invalid="true"/);
  const empty = textOf(await getHtml(app, "/track-order?orderNumber=&email=", 400));
  assert.match(empty, /Enter your order number\./);
  assert.match(empty, /Enter the e-mail address you used for the order\./);
  const long = textOf(await getHtml(app, `/track-order?orderNumber=RB-${"1".repeat(50)}&email=a%40b.co`, 400));
  assert.match(long, /at most 40 characters/);
  const form = await getHtml(app, "/track-order");
  const tag = form.match(/<form[^>]*aria-label="Track an order"[^>]*>/)?.[0] ?? "";
  assert.match(tag, /method="get"/);
  assert.match(tag, /action="\/track-order"/);
  assert.match(form, /<input[^>]*name="orderNumber"/);
  assert.match(form, /<input[^>]*name="email"/);
  assert.doesNotMatch(form, /data-field-error/);
});

test("[info] the PVC landing page is a loading shell; its content lists the PVC enclosures", async (db, database) => {
  const app = await demoCatalogueApp(db, database);
  const shell = await getHtml(app, "/landing/pvc-enclosures");
  assertPageChrome(shell, "/landing/pvc-enclosures", "PVC Reptile Enclosures");
  assert.match(shell, /Loading specialized landing page\.\.\./);
  assert.match(shell, /data-island="LandingLoader"/);
  assert.match(shell, /<noscript>[\s\S]*href="\/landing\/pvc-enclosures\?view=full"[\s\S]*<\/noscript>/);
  assert.doesNotMatch(shell, /Karoo Reptile Co\. PVC Enclosure/, "the content is not in the shell");

  const res = await app.request("/landing/pvc-enclosures/content");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  assert.equal(res.headers.get("x-robots-tag"), "noindex");
  const fragment = await res.text();
  assert.doesNotMatch(fragment, /<html|<body/, "a fragment, not a document");
  const text = textOf(fragment);
  assert.match(text, /holds heat/i);
  assert.match(text, /humidity/);
  assert.match(text, /120x60x60 cm/);
  assert.match(text, /bearded dragons/);
  const cards = [...fragment.matchAll(/<h3[^>]*><a href="\/product\/([^"]+)"/g)].map((m) => m[1]);
  assert.ok(cards.length >= 4, `PVC products listed: ${cards}`);
  assert.ok(cards.every((slug) => slug.includes("pvc")), `only PVC enclosures: ${cards}`);
  assert.ok(cards.includes("karoo-reptile-co-pvc-enclosure-120x60x60"));

  const full = await getHtml(app, "/landing/pvc-enclosures?view=full");
  assert.match(full, /Karoo Reptile Co\. PVC Enclosure/);
  assert.doesNotMatch(full, /data-island="LandingLoader"/);
  assert.match(full, new RegExp(`<link rel="canonical" href="${TEST_ORIGIN}/landing/pvc-enclosures"`));
});

test(
  "[info] sitemap lists every seeded category and product with lastmod, as well-formed XML",
  async (db, database) => {
    const before = new Date().toISOString().slice(0, 10);
    const seeded = await seedDemo(db, { withAccounts: false });
    const res = await testApp(database).request("/sitemap.xml");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/xml/);
    const xml = await res.text();
    assert.match(
      xml,
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    assert.match(xml, /<\/urlset>\n$/);
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod><\/url>/g)];
    assert.equal(urls.length, (xml.match(/<url>/g) ?? []).length, "every <url> has a loc and a lastmod");
    const locs = urls.map((m) => m[1]);
    assert.equal(new Set(locs).size, locs.length, "no duplicates");
    assert.ok(locs.every((l) => l.startsWith(`${TEST_ORIGIN}/`)), "absolute URLs");
    for (const path of ["/", "/products", "/featured", "/new", "/offers", "/categories"]) {
      assert.ok(locs.includes(TEST_ORIGIN + path), path);
    }
    const categories = locs.filter((l) => l.includes("/category/"));
    const products = locs.filter((l) => l.includes("/product/"));
    assert.equal(categories.length, seeded.categories);
    assert.equal(products.length, seeded.products);
    assert.ok(locs.includes(`${TEST_ORIGIN}/category/cleaning-maintenance`));
    assert.ok(locs.includes(`${TEST_ORIGIN}/product/karoo-reptile-co-pvc-enclosure`));
    const today = [before, new Date().toISOString().slice(0, 10)];
    assert.ok(urls.filter((m) => m[1].includes("/product/")).every((m) => today.includes(m[2])), "seeded today");
  },
);

test("[info] sitemap escapes XML and uses the product's own updatedAt", async (db, database) => {
  const cat = await createCategory(db, { slug: "decor-enrichment", updatedAt: new Date("2025-01-02T08:00:00Z") });
  await createProduct(db, {
    slug: "cork-bark-round",
    categoryId: cat.id,
    updatedAt: new Date("2025-06-30T12:00:00Z"),
  });
  const app = testApp(database, { SITE_URL: "https://shop.example/?a=1&b=2" });
  const xml = await (await app.request("/sitemap.xml")).text();
  assert.match(xml, /<loc>https:\/\/shop\.example\/\?a=1&amp;b=2\/product\/cork-bark-round<\/loc><lastmod>2025-06-30</);
  assert.match(xml, /<loc>[^<]+\/category\/decor-enrichment<\/loc><lastmod>2025-01-02</);
  assert.doesNotMatch(xml.replace(/&(amp|lt|gt|quot|apos);/g, ""), /&/);
});

test("[info] robots.txt allows all but private areas and names the sitemap", async (_db, database) => {
  const res = await testApp(database).request("/robots.txt");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  const body = await res.text();
  assert.match(body, /^User-agent: \*\nAllow: \/\n/);
  for (const path of ["/admin", "/account", "/checkout", "/cart", "/api/"]) {
    assert.ok(body.includes(`\nDisallow: ${path}\n`), path);
  }
  assert.match(body, /\nSitemap: http:\/\/localhost:8000\/sitemap\.xml\n$/);
});

closeDatabase();
