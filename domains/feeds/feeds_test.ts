import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createCategory, createProduct, createVariant } from "../../tests/helpers/factories.ts";
import { products } from "../../db/schema/mod.ts";
import type { Db } from "../../db/client.ts";
import {
  type FeedItem,
  feedItemPages,
  feedItems,
  googleXml,
  googleXmlChunks,
  metaCsv,
  metaCsvChunks,
  xmlEscape,
} from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();
const shop = { siteUrl: "https://shop.example", name: "Reptile Basics" };
const HOSTILE = 'Gecko "Deluxe" hide, small <b> & more';

/** A tiny RFC 4180 reader, enough to check our own output row by row. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], field = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') field += text[++i];
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(field), field = "";
    else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field), rows.push(row), row = [], field = "", i++;
    } else field += ch;
  }
  return rows;
}

test("[feeds] every active product and variant is an item; archived ones are not", async (db) => {
  const category = await createCategory(db, { name: "Decor & Enrichment" });
  const hide = await createProduct(db, {
    name: HOSTILE,
    slug: "gecko-deluxe-hide",
    sku: "HIDE-1",
    price: "1299.00",
    salePrice: "999.00",
    stock: 4,
    brand: "Zoo Med",
    fbGtin: "0097612123456",
    categoryId: category.id,
    images: ["/media/products/a.webp", "https://cdn.example/b.jpg"],
    description: "Line one\nline\u0001two\u0007",
  });
  await createVariant(db, hide.id, { name: "Large", sku: "HIDE-1-L", price: "1499.00", stock: 0 });
  await createVariant(db, hide.id, {
    name: "XL",
    sku: "HIDE-1-XL",
    price: "2000.00",
    preorder: true,
    preorderDiscount: "10.00",
    arrivalDate: "2027-01-15",
  });
  const imported = await createProduct(db, { sku: "SHOP-2", fbRetailerId: "FB-RET-2", stock: 0, fbCondition: "used" });
  const archived = await createProduct(db, { name: "Old lamp", sku: "OLD-1" });
  await createVariant(db, archived.id, { sku: "OLD-1-V" });
  await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));

  const mat = await createProduct(db, {
    name: "Heat mat",
    sku: "MAT-1",
    price: "1299.00",
    salePrice: "999.00",
    stock: 4,
    fbGtin: "0097612123456",
    images: ["/images/placeholder/heat-mat.svg", "/images/placeholder/heat-mat.svg?view=2"],
  });

  const items = await feedItems(db, shop);
  // A product with variants is listed as its variants only: the parent has no one price to buy at.
  assert.deepEqual(items.map((i) => i.id), ["HIDE-1-L", "HIDE-1-XL", "FB-RET-2", "MAT-1"]);
  const [large, xl, fb, plain] = items;
  assert.equal(large.title, `${HOSTILE} - Large`);
  assert.equal(large.description, "Line one linetwo");
  assert.equal(large.link, "https://shop.example/product/gecko-deluxe-hide");
  // Merchant centres take JPEG or PNG: an uploaded WebP is linked as its JPEG rendition.
  assert.equal(large.imageLink, "https://shop.example/media/products/a.jpg");
  assert.deepEqual(large.additionalImageLinks, ["https://cdn.example/b.jpg"]);
  assert.equal(large.availability, "out of stock");
  assert.deepEqual([large.priceCents, large.salePriceCents], [149_900, null]);
  assert.equal(large.itemGroupId, "HIDE-1");
  assert.equal(large.productType, "Decor & Enrichment");
  assert.equal(large.gtin, null);
  assert.equal(xl.itemGroupId, "HIDE-1");
  assert.equal(xl.availability, "preorder");
  assert.equal(xl.availabilityDate, "2027-01-15");
  assert.deepEqual([xl.priceCents, xl.salePriceCents], [200_000, 180_000], "pre-order discount as sale price");
  assert.equal(fb.availability, "out of stock");
  assert.equal(fb.condition, "used");
  assert.equal(fb.itemGroupId, null);
  assert.equal(fb.brand, "Reptile Basics", "the shop's name when no brand");
  assert.match(fb.imageLink, /^https:\/\/shop\.example\/images\/placeholder\/.+\.png/);
  assert.equal(plain.availability, "in stock");
  assert.deepEqual([plain.priceCents, plain.salePriceCents], [129_900, 99_900]);
  assert.equal(plain.gtin, "0097612123456");
  assert.equal(plain.itemGroupId, null);
  // A drawn (SVG) image is linked as its PNG rendition, each view its own.
  assert.equal(plain.imageLink, "https://shop.example/images/placeholder/heat-mat.png?w=1200&h=1200");
  assert.deepEqual(plain.additionalImageLinks, [
    "https://shop.example/images/placeholder/heat-mat.png?view=2&w=1200&h=1200",
  ]);
  assert.ok(items.every((i) => !/\.(svg|webp)(\?|$)/.test(i.imageLink)), "never SVG or WebP");
  assert.equal(mat.id > 0, true);
  assert.equal(imported.id > 0, true);
});

test("[feeds] the Meta CSV quotes commas, quotes and line ends", async (db) => {
  await createProduct(db, { name: HOSTILE, sku: "HIDE-1", price: "1299.00", brand: "Zoo, Med" });
  const csv = metaCsv(await feedItems(db, shop));
  const rows = parseCsv(csv);
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[0].slice(0, 6), ["id", "title", "description", "availability", "condition", "price"]);
  const row = Object.fromEntries(rows[0].map((k, i) => [k, rows[1][i]]));
  assert.equal(row.title, HOSTILE);
  assert.equal(row.price, "1299.00 ZAR");
  assert.equal(row.brand, "Zoo, Med");
  assert.equal(row.sale_price, "");
  assert.match(csv, /"Gecko ""Deluxe"" hide, small <b> & more"/);
});

test("[feeds] the Meta CSV neutralises cells a spreadsheet would run as formulas", async (db) => {
  await createProduct(db, {
    name: '=HYPERLINK("http://evil.example","Click")',
    sku: "-1+2",
    price: "129.00",
    brand: "@SUM(A1:A9)",
    description: "+27 call us",
  });
  const csv = metaCsv(await feedItems(db, shop));
  const rows = parseCsv(csv);
  const row = Object.fromEntries(rows[0].map((k, i) => [k, rows[1][i]]));
  assert.equal(row.title, `'=HYPERLINK("http://evil.example","Click")`);
  assert.equal(row.brand, "'@SUM(A1:A9)");
  assert.equal(row.description, "'+27 call us");
  assert.equal(row.price, "129.00 ZAR", "Meta's price text starts with a digit: kept as it is");
  assert.match(csv, /,"'@SUM\(A1:A9\)",/);
  for (const cell of rows.slice(1).flat()) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, cell);
});

test("[feeds] the Google XML escapes text and uses the g: namespace", async (db) => {
  await createProduct(db, { name: HOSTILE, sku: "HIDE-1&2", price: "1299.00", salePrice: "999.00", stock: 0 });
  const xml = googleXml(await feedItems(db, shop), { title: "Shop & Co", link: shop.siteUrl, description: "x" });
  assert.match(
    xml,
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0" xmlns:g="http:\/\/base.google.com\/ns\/1.0">/,
  );
  assert.match(xml, /<title>Gecko &quot;Deluxe&quot; hide, small &lt;b&gt; &amp; more<\/title>/);
  assert.match(xml, /<g:id>HIDE-1&amp;2<\/g:id>/);
  assert.match(xml, /<g:price>1299.00 ZAR<\/g:price><g:sale_price>999.00 ZAR<\/g:sale_price>/);
  assert.match(xml, /<g:availability>out_of_stock<\/g:availability>/);
  assert.match(xml, /<g:identifier_exists>no<\/g:identifier_exists>/);
  assert.match(xml, /<title>Shop &amp; Co<\/title>/);
  assert.doesNotMatch(xml, /<b>|& more/);
  assert.equal(xmlEscape(`<'&">`), "&lt;&apos;&amp;&quot;&gt;");
});

/** The same database, counting the SELECTs issued through it (the stamp, each page's two reads). */
function countingSelects(db: Db): { db: Db; selects: () => number } {
  let n = 0;
  const counted = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "select") return Reflect.get(target, prop, receiver);
      return (...args: Parameters<Db["select"]>) => (n++, target.select(...args));
    },
  });
  return { db: counted, selects: () => n };
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const chunk of chunks) text += chunk;
  return text;
}

async function someProducts(db: Db, n: number) {
  for (let i = 1; i <= n; i++) {
    const p = await createProduct(db, { name: `${HOSTILE} ${i}`, sku: `P-${i}`, price: "100.00", brand: "=Zoo, Med" });
    await createVariant(db, p.id, { name: "Large", sku: `P-${i}-L`, price: "120.00" });
    await createVariant(db, p.id, { name: "XL", sku: `P-${i}-XL`, price: "140.00" });
  }
}

test("[feeds] items are read in keyset pages of products, two queries a page whatever the variants", async (db) => {
  await someProducts(db, 5);
  const counting = countingSelects(db);
  const pages: FeedItem[][] = [];
  for await (const page of feedItemPages(counting.db, shop, { pageSize: 2 })) pages.push(page);
  assert.deepEqual(pages.map((p) => [...new Set(p.map((i) => i.itemGroupId))]), [
    ["P-1", "P-2"],
    ["P-3", "P-4"],
    ["P-5"],
  ]);
  assert.equal(counting.selects(), 6, "products then their variants, per page (never a query per product)");
  assert.deepEqual(pages.flat(), await feedItems(db, shop));
  assert.equal(pages.flat().length, 10, "each product's two variants, no parents");
});

test("[feeds] a page is read only when the stream asks for it", async (db) => {
  await someProducts(db, 4);
  const counting = countingSelects(db);
  const chunks = googleXmlChunks(feedItemPages(counting.db, shop, { pageSize: 1 }), {
    title: "t",
    link: "l",
    description: "d",
  });
  await chunks.next(); // the channel's head: nothing read yet
  assert.equal(counting.selects(), 0);
  await chunks.next(); // the first product and its variants
  assert.equal(counting.selects(), 2);
  await chunks.return(undefined); // the client went away: no more reads
  assert.equal(counting.selects(), 2);
});

test("[feeds] streamed in pages, both files are byte for byte the files built whole", async (db) => {
  await someProducts(db, 5);
  const channel = { title: "Shop & Co", link: shop.siteUrl, description: "<x>" };
  const items = await feedItems(db, shop);
  assert.equal(
    await collect(googleXmlChunks(feedItemPages(db, shop, { pageSize: 2 }), channel)),
    googleXml(items, channel),
  );
  assert.equal(await collect(metaCsvChunks(feedItemPages(db, shop, { pageSize: 2 }))), metaCsv(items));
});

test("[feeds] a read failing mid-feed fails the stream and never writes the closing tags", async (db) => {
  await someProducts(db, 3);
  async function* failingPages() {
    for await (const page of feedItemPages(db, shop, { pageSize: 1 })) {
      yield page;
      break;
    }
    throw new Error("connection lost");
  }
  let text = "";
  await assert.rejects(async () => {
    for await (const chunk of googleXmlChunks(failingPages(), { title: "t", link: "l", description: "d" })) {
      text += chunk;
    }
  }, /connection lost/);
  assert.match(text, /<g:id>P-1-L<\/g:id>/);
  assert.doesNotMatch(text, /<\/channel>|<\/rss>/);
});

closeDatabase();
