/**
 * Product CSV export and import (docs/product-csv.md): GET /api/admin/products/export.csv and POST
 * /api/admin/products/import, and the /admin/products/import screen's forms. Round trip, create and
 * update by SKU, all or nothing, dry run, parsing, formula cells, roles, CSRF and size limits.
 */
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { staffAccount } from "../helpers/staff.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createCategory, createProduct, createVariant } from "../helpers/factories.ts";
import { auditLogs, products, productVariants, stockMovements } from "../../db/schema/mod.ts";
import { csvRow, csvText, parseCsv } from "../../lib/csv.ts";
import { productCsvChunks } from "../../domains/product_csv/mod.ts";
import { importProductCsv } from "../../flows/import_product_csv.ts";
import { takeStock } from "../../domains/orders/mod.ts";
import { recordStockMovements } from "../../domains/stock_history/mod.ts";
import type { Db } from "../../db/client.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const HEADER = "Handle,Title,Product Category,Status,Product SKU,Product Price,Product Compare At Price," +
  "Variant Name,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty";

function importCsv(client: TestClient, csv: string, dryRun = false) {
  return client.request(`/api/admin/products/import${dryRun ? "?dryRun=true" : ""}`, {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body: csv,
  });
}

/** The import's JSON answer, which must come with `status` (the answer is printed when it does not). */
async function importReport(client: TestClient, csv: string, expect: { status: number; dryRun?: boolean }) {
  const res = await importCsv(client, csv, expect.dryRun);
  assert.equal(res.status, expect.status, `${res.status}: ${await res.clone().text()}`);
  return await res.json();
}

async function exportCsv(client: TestClient, query = "archived=all") {
  const res = await client.get(`/api/admin/products/export.csv?${query}`);
  assert.equal(res.status, 200);
  return { res, text: await res.text() };
}

/** A category, a product without variants and one with two variants (one on sale). */
async function catalogue(db: Db) {
  const heating = await createCategory(db, { slug: "heating", name: "Heating" });
  const mat = await createProduct(db, {
    name: "Heat mat, 14W",
    slug: "heat-mat",
    sku: "MAT-14",
    price: "249.00",
    salePrice: "199.00",
    stock: 7,
    categoryId: heating.id,
    description: 'Line one, "quoted"\nline two',
    brand: "Exo Terra",
    weight: "0.350",
    lowStockAt: 10,
  });
  const tank = await createProduct(db, {
    name: "Glass tank",
    slug: "glass-tank",
    sku: "TANK",
    price: "2299.00",
    options: [{ name: "Size", values: ["45cm", "90cm"] }],
  });
  const small = await createVariant(db, tank.id, {
    name: "45cm",
    sku: "TANK-45",
    price: "2299.00",
    stock: 3,
    optionValues: ["45cm"],
  });
  const big = await createVariant(db, tank.id, {
    name: "90cm",
    sku: "TANK-90",
    price: "3899.00",
    salePrice: "3599.00",
    stock: 0,
    preorder: true,
    preorderDiscount: "10.00",
    arrivalDate: "2026-12-31",
    optionValues: ["90cm"],
  });
  return { heating, mat, tank, small, big };
}

test(
  "[product csv] export: one row per variant, Shopify's price way round, attachment, formula cells guarded",
  async (db, database) => {
    const { tank, heating } = await catalogue(db);
    await db.update(products).set({ name: '=HYPERLINK("http://evil.example")' }).where(eq(products.id, tank.id));
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const { res, text } = await exportCsv(admin);
    assert.match(res.headers.get("content-type")!, /^text\/csv/);
    assert.match(res.headers.get("content-disposition")!, /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(text);
    const at = (row: string[], column: string) => row[header.indexOf(column)];
    assert.equal(rows.length, 3, "the mat's one row, the tank's two variants");
    const mat = rows.find((r) => at(r, "Handle") === "heat-mat")!;
    assert.deepEqual(
      [
        at(mat, "Variant SKU"),
        at(mat, "Variant Price"),
        at(mat, "Variant Compare At Price"),
        at(mat, "Variant Inventory Qty"),
      ],
      ["MAT-14", "199.00", "249.00", "7"],
      "Price is what a shopper pays (the sale price), Compare At the regular price",
    );
    assert.equal(at(mat, "Body (HTML)"), 'Line one, "quoted"\nline two');
    assert.equal(at(mat, "Variant Grams"), "350");
    assert.equal(at(mat, "Low Stock Alert"), "10");
    assert.equal(at(mat, "Product Category"), "heating");
    const big = rows.find((r) => at(r, "Variant SKU") === "TANK-90")!;
    assert.deepEqual([at(big, "Product SKU"), at(big, "Variant Pre-order"), at(big, "Variant Pre-order Discount")], [
      "TANK",
      "true",
      "10",
    ]);
    assert.match(text, /"'=HYPERLINK\(""http:\/\/evil\.example""\)"/, "the formula is written as text");

    const filtered = parseCsv((await exportCsv(admin, "q=mat")).text);
    assert.deepEqual(filtered.slice(1).map((r) => r[0]), ["heat-mat"], "the list's search filter applies");
    const inCategory = parseCsv((await exportCsv(admin, `category=${heating.id}`)).text);
    assert.deepEqual(inCategory.slice(1).map((r) => r[0]), ["heat-mat"], "and its category filter");
    await db.update(products).set({ status: "draft" }).where(eq(products.id, tank.id));
    const drafts = parseCsv((await exportCsv(admin, "status=draft")).text);
    assert.deepEqual(drafts.slice(1).map((r) => r[0]), ["glass-tank", "glass-tank"], "and its status filter");
    assert.equal((await admin.get("/api/admin/products/export.csv?status=sold")).status, 400);
  },
);

test(
  "[product csv] Low Stock Alert: set, cleared by an empty cell, kept when the column is missing, checked",
  async (db, database) => {
    await catalogue(db);
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const alerts = async () =>
      (await db.select({ sku: products.sku, at: products.lowStockAt }).from(products).orderBy(asc(products.id)))
        .map((p) => [p.sku, p.at]);
    const header = "Handle,Title,Product SKU,Variant Name,Variant SKU,Low Stock Alert";
    const set = await importReport(
      admin,
      [header, "heat-mat,Heat mat,,,MAT-14,", "glass-tank,Glass tank,TANK,45cm,TANK-45,20"].join("\n"),
      {
        status: 200,
      },
    );
    assert.equal(set.counts.productsUpdated, 2);
    assert.deepEqual(await alerts(), [["MAT-14", null], ["TANK", 20]], "an empty cell clears; the tank's is set");
    await importReport(
      admin,
      [
        "Handle,Title,Product SKU,Variant Name,Variant SKU,Variant Inventory Qty",
        "glass-tank,Glass tank,TANK,45cm,TANK-45,4",
      ].join("\n"),
      {
        status: 200,
      },
    );
    assert.deepEqual(await alerts(), [["MAT-14", null], ["TANK", 20]], "a file without the column leaves it");
    for (const cell of ["-1", "2.5", "1000001"]) {
      const bad = await importReport(admin, [header, `heat-mat,Heat mat,,,MAT-14,${cell}`].join("\n"), { status: 422 });
      assert.match(JSON.stringify(bad), /Low Stock Alert/);
    }
  },
);

test("[product csv] round trip: an exported file imports with 0 changes, and writes nothing", async (db, database) => {
  await catalogue(db);
  await createProduct(db, { slug: "odd", sku: "ODD", name: "-5 degrees @home", description: "=1+1", status: "draft" });
  const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
  const { text } = await exportCsv(admin);
  const before = await db.select().from(products).orderBy(asc(products.id));
  const report = await importReport(admin, text, { status: 200 });
  assert.deepEqual(report.counts, { create: 0, update: 0, unchanged: 4, productsCreated: 0, productsUpdated: 0 });
  assert.ok(report.rows.every((r: { changes: unknown[] }) => r.changes.length === 0));
  assert.deepEqual(report.ignoredColumns, []);
  assert.deepEqual(await db.select().from(products).orderBy(asc(products.id)), before);
  assert.equal((await db.select().from(auditLogs)).length, 0, "nothing changed, nothing audited");

  // Empty price cells keep the prices (an empty Compare At Price beside no Price does not end a sale).
  // Read back as text (the formula guard's apostrophe off), so writing again guards it once.
  const [header, ...rows] = parseCsv(text).map((r) => r.map(csvText));
  for (const row of rows) {
    for (const column of ["Variant Price", "Variant Compare At Price", "Product Price", "Product Compare At Price"]) {
      row[header.indexOf(column)] = "";
    }
  }
  const blanked = await (await importCsv(admin, [header, ...rows].map((r) => csvRow(r)).join("\n"))).json();
  assert.equal(blanked.counts.unchanged, 4);
  assert.deepEqual(await db.select().from(products).orderBy(asc(products.id)), before);
});

test(
  "[product csv] creates and updates by SKU in one go: audited per product, stock as movements",
  async (db, database) => {
    const { mat, small } = await catalogue(db);
    const { client: admin, user } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const csv = [
      HEADER,
      // The mat: a new price (no sale any more) and stock.
      "heat-mat,Heat mat,heating,active,,,,,MAT-14,229.50,,12",
      // A new product with two variants; the second row leaves the product's fields empty (Shopify's way).
      "uvb-tube,UVB tube,heating,draft,UVB,399.00,,T5 24in,UVB-24,399.00,449.00,4",
      "uvb-tube,,,,,,,T8 36in,UVB-36,499.00,,0",
      // A known variant of the tank: its stock.
      "glass-tank,Glass tank,,active,TANK,2299.00,,45cm,TANK-45,2299.00,,9",
    ].join("\r\n");
    const report = await importReport(admin, csv, { status: 200 });
    assert.deepEqual(report.counts, { create: 2, update: 2, unchanged: 0, productsCreated: 1, productsUpdated: 2 });
    const matRow = report.rows.find((r: { sku: string }) => r.sku === "MAT-14");
    assert.deepEqual(
      matRow.changes.map((c: { column: string; before: string; after: string }) => [c.column, c.before, c.after]),
      [
        ["Title", "Heat mat, 14W", "Heat mat"],
        ["Variant Price", "199.00", "229.50"],
        ["Variant Compare At Price", "249.00", ""],
        ["Variant Inventory Qty", "7", "12"],
      ],
    );
    const [matNow] = await db.select().from(products).where(eq(products.id, mat.id));
    assert.deepEqual([matNow.name, matNow.price, matNow.salePrice, matNow.stock], ["Heat mat", "229.50", null, 12]);
    const [uvb] = await db.select().from(products).where(eq(products.sku, "UVB"));
    assert.deepEqual([uvb.status, uvb.slug, uvb.price], ["draft", "uvb-tube", "399.00"]);
    const tubes = await db.select().from(productVariants).where(eq(productVariants.productId, uvb.id))
      .orderBy(asc(productVariants.id));
    assert.deepEqual(tubes.map((v) => [v.sku, v.price, v.salePrice, v.stock]), [
      ["UVB-24", "449.00", "399.00", 4],
      ["UVB-36", "499.00", null, 0],
    ]);
    assert.equal(uvb.stock, 4, "a product with variants holds their sum");
    const [smallNow] = await db.select().from(productVariants).where(eq(productVariants.id, small.id));
    assert.equal(smallNow.stock, 9);

    const entries = await db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    assert.deepEqual(entries.map((e) => [e.entityType, e.action, e.userId]), [
      ["product", "update", user.id],
      ["product", "create", user.id],
      ["product", "update", user.id],
    ], "one entry per product created or updated");
    const moves = await db.select().from(stockMovements).orderBy(asc(stockMovements.id));
    assert.deepEqual(moves.map((m) => [m.reason, m.delta, m.stockAfter, m.actorUserId]), [
      ["import", 5, 12, user.id],
      ["import", 4, 4, user.id],
      ["import", 6, 9, user.id],
    ], "stock changes are movements with reason import (a new variant at 0 moves nothing)");
  },
);

test(
  "[product csv] all or nothing: one bad row in 100 refuses the file, row-numbered, and writes nothing",
  async (db, database) => {
    await createCategory(db, { slug: "decor", name: "Decor" });
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const lines = [HEADER];
    for (let i = 1; i <= 100; i++) {
      const price = i === 60 ? "abc" : "10.00";
      lines.push(`rock-${i},Rock ${i},decor,active,,,,,ROCK-${i},${price},,1`);
    }
    const body = await importReport(admin, lines.join("\n"), { status: 422 });
    assert.equal(body.code, "import_rows_invalid");
    assert.deepEqual(body.errors, [{
      row: 61,
      column: "Variant Price",
      message: "Row 61: Variant Price must be a number",
    }]);
    assert.match(body.message, /^Row 61: Variant Price must be a number\. Nothing was imported\.$/);
    assert.equal((await db.select().from(products)).length, 0, "the 99 good rows were not written either");
    assert.equal((await db.select().from(auditLogs)).length, 0);
  },
);

test(
  "[product csv] refusals the shop's data shows: unknown category, SKU twice, another product's variant SKU or handle, control characters",
  async (db, database) => {
    const { tank } = await catalogue(db);
    const other = await createProduct(db, { slug: "other", sku: "OTHER" });
    await createVariant(db, other.id, { sku: "OTHER-1" });
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const csv = [
      HEADER,
      "new-thing,New thing,no-such-category,active,,,,,NEW-1,10.00,,1",
      "new-thing-2,Second,,active,,,,,NEW-1,10.00,,1",
      `glass-tank,Glass tank,,active,${tank.sku},2299.00,,Stolen,OTHER-1,10.00,,1`,
      "other,Clash,,active,,,,,BRAND-NEW,10.00,,1",
      '"bell-\u0007",Bell,,active,,,,,BELL,10.00,,1',
      "title-nul,Title\u0000,,active,,,,,NUL,10.00,,1",
      "cheap,Cheap,,active,,,,,CHEAP,10.00,9.00,1",
    ].join("\n");
    const { errors } = await importReport(admin, csv, { status: 422 });
    assert.deepEqual(errors.map((e: { row: number; column: string }) => [e.row, e.column]), [
      [3, "Variant SKU"],
      [6, "Handle"],
      [7, "Title"],
      [8, "Variant Compare At Price"],
    ], "the file's own problems are reported before the shop is read");
    assert.match(errors[0].message, /^Row 3: SKU NEW-1 is also on row 2$/);
    assert.match(errors[2].message, /Title must not contain control characters/);

    const second = await importCsv(
      admin,
      [HEADER, ...csv.split("\n").slice(1, 2), ...csv.split("\n").slice(3, 5)].join("\n"),
    );
    const shopErrors = (await second.json()).errors;
    assert.deepEqual(shopErrors.map((e: { message: string }) => e.message), [
      "Row 2: Product Category no-such-category is not a category's slug",
      "Row 3: Variant SKU OTHER-1 belongs to another product (SKU OTHER)",
      "Row 4: Handle other belongs to another product (SKU OTHER)",
    ]);
  },
);

test(
  "[product csv] Image Src: a Shopify file's photos (photo rows too) go on products without photos, never replace",
  async (db, database) => {
    const { mat } = await catalogue(db);
    await db.update(products).set({ images: ["/media/products/staff-photo.webp"] }).where(eq(products.id, mat.id));
    const bare = await createProduct(db, { slug: "cork-hide", sku: "HIDE", name: "Cork hide", images: [] });
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const cdn = "https://cdn.shopify.com/s/files/1/0001/products";
    const header =
      "Handle,Title,Status,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Image Src,Image Alt Text," +
      "Image Position";
    const file = [
      header,
      `basking-lamp,Basking lamp,active,LAMP-1,199.00,,5,${cdn}/lamp-1.jpg,The lamp lit,1`,
      `basking-lamp,,,,,,,${cdn}/lamp-2.jpg,,2`,
      `basking-lamp,,,,,,,${cdn}/lamp-1.jpg,Another alt,3`,
      `heat-mat,Heat mat 14W,active,MAT-14,199.00,,7,${cdn}/mat.jpg,,1`,
      `cork-hide,Cork hide,active,HIDE,10.00,,0,http://localhost:8000/media/products/hide.webp?v=2,,1`,
    ].join("\n");
    const previewed = await importCsv(admin, file, true);
    const preview = await previewed.json();
    assert.equal(previewed.status, 200, JSON.stringify(preview));
    const imageChanges = preview.rows.flatMap((r: { handle: string; changes: { column: string; after: string }[] }) =>
      r.changes.filter((c) => c.column.startsWith("Image ")).map((c) => [r.handle, c.column, c.after])
    );
    assert.deepEqual(imageChanges, [
      ["basking-lamp", "Image Src", `${cdn}/lamp-1.jpg\n${cdn}/lamp-2.jpg`],
      ["basking-lamp", "Image Alt Text", "The lamp lit\n"],
      ["cork-hide", "Image Src", "/media/products/hide.webp?v=2"],
    ], "each photo once; the heat mat keeps its photo; the shop's own link read back as its path");
    assert.deepEqual(preview.ignoredColumns, ["Image Position"]);

    assert.equal((await importCsv(admin, file)).status, 200);
    const images = async (slug: string) =>
      (await db.select({ images: products.images }).from(products).where(eq(products.slug, slug)))[0].images;
    assert.deepEqual(await images("basking-lamp"), [`${cdn}/lamp-1.jpg`, `${cdn}/lamp-2.jpg`]);
    const [lamp] = await db.select({ alts: products.imageAlts }).from(products).where(
      eq(products.slug, "basking-lamp"),
    );
    assert.deepEqual(lamp.alts, { [`${cdn}/lamp-1.jpg`]: "The lamp lit" }, "the first alt text given for a photo");
    assert.deepEqual(await images("heat-mat"), ["/media/products/staff-photo.webp"]);
    assert.deepEqual(await images("cork-hide"), ["/media/products/hide.webp?v=2"]);
    const page = await (await testClient(testApp(database)).get("/product/basking-lamp")).text();
    assert.ok(page.includes(`src="${cdn}/lamp-1.jpg"`), "the product page shows the linked photo");
    assert.equal(bare.images.length, 0);

    const refused = await importCsv(
      admin,
      [
        header,
        `lonely,,,,,,,${cdn}/first.jpg,,1`,
        `gecko-mat,Gecko mat,active,GM-1,99.00,,1,http://photos.example/mat.jpg,,1`,
        `gecko-bowl,Gecko bowl,active,GB-1,49.00,,1,javascript:alert(1),"Bowl\u0007",1`,
        `gecko-rock,Gecko rock,active,GR-1,49.00,,1,${cdn}/r0.jpg,,1`,
        ...Array.from({ length: 8 }, (_, i) => `gecko-rock,,,,,,,${cdn}/r${i + 1}.jpg,,${i + 2}`),
      ].join("\n"),
    );
    assert.equal(refused.status, 422);
    assert.deepEqual((await refused.json()).errors.map((e: { message: string }) => e.message), [
      "Row 2: lonely has no product row before this photo row",
      "Row 3: Image Src must be an https:// address of the photo",
      "Row 4: Image Src must be an https:// address of the photo",
      "Row 4: Image Alt Text must not contain control characters",
      "Row 5: gecko-rock has 9 photos: a product has at most 8",
    ]);
  },
);

test("[product csv] dry run: the same report, nothing written", async (db, database) => {
  const { mat } = await catalogue(db);
  const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
  const csv = [HEADER, "heat-mat,Heat mat,heating,active,,,,,MAT-14,229.50,,12", "new,New,,active,,,,,NEW,5.00,,2"]
    .join("\n");
  const report = await importReport(admin, csv, { status: 200, dryRun: true });
  assert.equal(report.dryRun, true);
  assert.deepEqual([report.counts.create, report.counts.update], [1, 1]);
  assert.match(report.message, /^Preview: 1 to create, 1 to update, 0 unchanged\. Nothing was written\.$/);
  const [matNow] = await db.select().from(products).where(eq(products.id, mat.id));
  assert.deepEqual([matNow.name, matNow.stock], ["Heat mat, 14W", 7]);
  assert.equal((await db.select().from(products)).length, 2);
  assert.equal((await db.select().from(auditLogs)).length, 0);
  assert.equal((await db.select().from(stockMovements)).length, 0);
});

test(
  "[product csv] parsing: BOM, CRLF, quoted commas, quotes and line breaks; an unclosed quote names its row",
  async (db, database) => {
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const csv = "\uFEFFHandle,Title,Body (HTML),Variant SKU,Variant Price,Variant Compare At Price\r\n" +
      'vivarium,"Vivarium, large","<p>Say ""hi""</p>\r\n<p>Second line</p>",VIV-1,999.00,\r\n';
    const res = await importCsv(admin, csv);
    assert.equal(res.status, 200, await res.clone().text());
    const [viv] = await db.select().from(products).where(eq(products.sku, "VIV-1"));
    assert.equal(viv.name, "Vivarium, large");
    assert.equal(viv.description, '<p>Say "hi"</p>\r\n<p>Second line</p>');

    const broken = await importCsv(admin, 'Handle,Variant SKU\r\nok,OK\r\n"open,X\r\n');
    assert.equal(broken.status, 422);
    assert.deepEqual((await broken.json()).errors, [{
      row: 3,
      column: null,
      message: "Row 3: a quoted cell is never closed",
    }]);
  },
);

test("[product csv] staff only, the shop's Origin only, 5 MB and 5,000 rows at most", async (db, database) => {
  const app = testApp(database);
  const csv = `${HEADER}\nx,X,,active,,,,,X,1.00,,1\n`;
  assert.equal((await testClient(app).get("/api/admin/products/export.csv")).status, 401);
  assert.equal((await importCsv(testClient(app), csv)).status, 401);
  const customer = testClient(app);
  await registerCustomer(customer);
  assert.equal((await customer.get("/api/admin/products/export.csv")).status, 403);
  assert.equal((await importCsv(customer, csv)).status, 403);
  assert.notEqual((await customer.get("/admin/products/import")).status, 200, "customers are turned away");

  const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, app);
  const foreign = await admin.request("/api/admin/products/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv", Origin: "https://evil.example" },
    body: csv,
  });
  assert.equal(foreign.status, 403, "another site's request is refused (CSRF)");
  const big = await importCsv(admin, `${HEADER}\n${"x".repeat(5 * 1024 * 1024 + 80 * 1024)}`);
  assert.equal(big.status, 413);
  assert.match((await big.json()).error, /at most 5 MB/);
  const many = [HEADER, ...Array.from({ length: 5_001 }, (_, i) => `p-${i},P,,active,,,,,P-${i},1.00,,1`)].join("\n");
  const tooMany = await importCsv(admin, many);
  assert.equal(tooMany.status, 400);
  assert.match((await tooMany.json()).error, /^A file can hold at most 5,000 rows$/);
  const json = await admin.postJson("/api/admin/products/import", { csv });
  assert.equal(json.status, 415);
  assert.equal((await db.select().from(products)).length, 0);
  const super_ = await staffAccount(db, database, "super_admin", "boss", {}, app);
  assert.equal((await importCsv(super_.client, csv)).status, 200, "super_admin may too");
});

test(
  "[product csv] the screen: upload for a preview, then Import applies the same file; errors shown by row",
  async (db, database) => {
    await catalogue(db);
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const page = await (await admin.get("/admin/products/import?q=mat")).text();
    assert.match(page, /href="\/api\/admin\/products\/export\.csv\?q=mat"/);
    const csv = [HEADER, "heat-mat,Heat mat,heating,active,,,,,MAT-14,229.50,,12"].join("\n");
    const form = new FormData();
    form.set("file", new File([csv], "products.csv", { type: "text/csv" }));
    const preview = await admin.request("/admin/products/import?dryRun=true", { method: "POST", body: form });
    assert.equal(preview.status, 200);
    const html = (await preview.text()).replaceAll("<!-- -->", "");
    assert.match(html, /0 to create, 1 to update, 0\s*unchanged/);
    assert.match(html, /name="csv"/);
    assert.equal(
      (await db.select().from(products).where(eq(products.sku, "MAT-14")))[0].stock,
      7,
      "a preview writes nothing",
    );

    const empty = await admin.postForm("/admin/products/import?dryRun=true", { csv: "" });
    assert.equal(empty.status, 400);
    assert.match(await empty.text(), /Choose a CSV file to import/);
    const apply = await admin.postForm("/admin/products/import", { csv });
    assert.equal(apply.status, 303);
    assert.equal((await db.select().from(products).where(eq(products.sku, "MAT-14")))[0].stock, 12);

    const bad = new FormData();
    bad.set("file", new File([`${HEADER}\nheat-mat,Heat mat,heating,active,,,,,MAT-14,free,,12`], "bad.csv"));
    const refused = await admin.request("/admin/products/import?dryRun=true", { method: "POST", body: bad });
    assert.equal(refused.status, 422);
    const refusedHtml = await refused.text();
    assert.match(refusedHtml, /Nothing was imported/);
    assert.match(refusedHtml, /data-error-row="2"/);
  },
);

test(
  "[product csv] option columns: a new variant's value joins the product's option, names and values checked",
  async (db, database) => {
    const { tank } = await catalogue(db);
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const head =
      "Handle,Product SKU,Option1 Name,Option1 Value,Variant Name,Variant SKU,Variant Price,Variant Compare At Price";
    const csv = [head, "glass-tank,TANK,Size,120cm,120cm,TANK-120,4999.00,"].join("\n");
    const report = await importReport(admin, csv, { status: 200 });
    assert.deepEqual(report.rows[0].changes[0], {
      column: "Options",
      before: "Size: 45cm, 90cm",
      after: "Size: 45cm, 90cm, 120cm",
    });
    const [tankNow] = await db.select().from(products).where(eq(products.id, tank.id));
    assert.deepEqual(tankNow.options, [{ name: "Size", values: ["45cm", "90cm", "120cm"] }]);
    const [added] = await db.select().from(productVariants).where(eq(productVariants.sku, "TANK-120"));
    assert.deepEqual(added.optionValues, ["120cm"]);

    const bad = await importCsv(
      admin,
      [head, "glass-tank,TANK,Size,,Bare,TANK-B,1.00,", "lone,,,Red,,LONE,1.00,"].join("\n"),
    );
    assert.deepEqual((await bad.json()).errors.map((e: { message: string }) => e.message), [
      "Row 2: Option1 Value is required: the product has an option Size",
      "Row 3: Option1 Value needs an Option1 Name on the product's first row",
    ]);
  },
);

test(
  "[product csv] a Shopify file: no product SKU or price, product fields on the first row only, Tags ignored",
  async (db, database) => {
    await createCategory(db, { slug: "heating", name: "Heating" });
    const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    const shopify = [
      "Handle,Title,Body (HTML),Vendor,Product Category,Tags,Published,Option1 Name,Option1 Value,Variant SKU," +
      "Variant Grams,Variant Inventory Qty,Variant Price,Variant Compare At Price,Status",
      "ceramic-heater,Ceramic heater,<p>Heat without light</p>,Exo Terra,heating,heat,TRUE,Wattage,60W,CHE-60,90,5,199.00,,active",
      "ceramic-heater,,,,,,,,100W,CHE-100,,2,249.00,279.00,",
      "water-bowl,Water bowl,,,,,TRUE,Title,Default Title,BOWL-S,120,9,59.00,,active",
    ].join("\n");
    const report = await importReport(admin, shopify, { status: 200 });
    assert.deepEqual(report.ignoredColumns, ["Tags", "Published"]);
    assert.deepEqual(report.counts, { create: 3, update: 0, unchanged: 0, productsCreated: 2, productsUpdated: 0 });
    const [heater] = await db.select().from(products).where(eq(products.slug, "ceramic-heater"));
    assert.deepEqual(
      [heater.sku, heater.price, heater.brand, heater.weight, heater.stock, heater.options],
      ["CERAMIC-HEATER", "199.00", "Exo Terra", "0.090", 7, [{ name: "Wattage", values: ["60W", "100W"] }]],
      "the SKU from the Handle, the price from the cheapest variant, the stock from the variants",
    );
    const [big] = await db.select().from(productVariants).where(eq(productVariants.sku, "CHE-100"));
    assert.deepEqual([big.price, big.salePrice, big.optionValues], ["279.00", "249.00", ["100W"]]);
    const [bowl] = await db.select().from(products).where(eq(products.sku, "BOWL-S"));
    assert.deepEqual([bowl.price, bowl.stock, bowl.options], ["59.00", 9, []]);

    const again = await (await importCsv(admin, shopify)).json();
    assert.deepEqual(again.counts.unchanged, 3, "the same file again: the product is found by its variants");
  },
);

test("[product csv] the export reads page by page: pages of one product give the same file", async (db, database) => {
  await catalogue(db);
  await createProduct(db, { slug: "last", sku: "LAST" });
  const { client: admin } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
  const whole = (await exportCsv(admin)).text;
  let paged = "";
  for await (
    const chunk of productCsvChunks(db, { archived: "all" }, { siteUrl: "http://localhost:8000", pageSize: 1 })
  ) {
    paged += chunk;
  }
  assert.equal(paged, whole);
  assert.equal(parseCsv(paged).length, 5, "header, the mat, two variants, the last product");
});

raceTest(
  "[product csv] an import and a sale of the same product: each stock movement starts where the last ended",
  async (db, database) => {
    const { user } = await staffAccount(db, database, "admin", "admin", {}, testApp(database));
    for (let round = 0; round < 8; round++) {
      const product = await createProduct(db, { slug: `race-${round}`, sku: `RACE-${round}`, stock: 10 });
      const csv = `Handle,Variant SKU,Variant Inventory Qty\nrace-${round},RACE-${round},20\n`;
      await Promise.all([
        importProductCsv(db, user.id, csv, { dryRun: false, siteUrl: "https://shop.example" }),
        db.transaction(async (tx) => {
          const taken = await takeStock(tx, [{ productId: product.id, variantId: null, quantity: 3, name: "race" }]);
          await recordStockMovements(tx, taken, { reason: "sale" });
        }),
      ]);
      const moves = await db.select().from(stockMovements).where(eq(stockMovements.productId, product.id))
        .orderBy(asc(stockMovements.id));
      let stock = 10;
      for (const m of moves) {
        assert.equal(m.stockAfter - m.delta, stock, `round ${round}: ${m.reason} starts at ${stock}`);
        stock = m.stockAfter;
      }
      const [now] = await db.select().from(products).where(eq(products.id, product.id));
      assert.equal(now.stock, stock);
    }
  },
);

closeDatabase();
