/** Option types, the variant matrix they generate, duplicating a product, image alt text. */
import assert from "node:assert/strict";
import { asc, eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createProduct, createUser, createVariant } from "../../tests/helpers/factories.ts";
import { auditLogs, productHusbandry, products, productVariants } from "../../db/schema/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { removeProductImage, reorderProductImages, setProductImageAlt } from "../media/mod.ts";
import { memoryStorage } from "../../lib/storage.ts";
import {
  catalogAdminSchemas as schemas,
  combinations,
  duplicateProduct,
  generateVariants,
  setProductOptions,
} from "./mod.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const SIZE = { name: "Size", values: ["Small", "Large"] };
const UVB = { name: "UVB", values: ["5%", "10%"] };

async function variantsOf(db: Parameters<typeof generateVariants>[0], productId: number) {
  return await db.select().from(productVariants).where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.id));
}

Deno.test("[options] combinations multiply the values, the first option varying slowest", () => {
  assert.deepEqual(combinations([SIZE, UVB]), [["Small", "5%"], ["Small", "10%"], ["Large", "5%"], ["Large", "10%"]]);
  assert.deepEqual(combinations([]), []);
});

Deno.test("[options] the body refuses a fourth option, too many values, empty, repeated and control-character values", () => {
  const refused = (body: unknown) => {
    const r = schemas.productOptionsBody.safeParse(body);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };
  assert.equal(refused({ options: [SIZE, UVB] }), null);
  assert.deepEqual(refused({ options: [SIZE, UVB, { name: "A", values: ["1"] }, { name: "B", values: ["1"] }] }), [
    schemas.TOO_MANY_OPTIONS,
  ]);
  const many = Array.from({ length: 21 }, (_, i) => `V${i}`);
  assert.deepEqual(refused({ options: [{ name: "Size", values: many }] }), ["An option can have at most 20 values"]);
  assert.deepEqual(refused({ options: [{ name: "Size", values: ["Small", " "] }] }), ["Option values cannot be empty"]);
  assert.deepEqual(refused({ options: [{ name: "Size", values: [] }] }), ["Each option needs at least one value"]);
  assert.deepEqual(refused({ options: [{ name: "Size", values: ["Small", "small"] }] }), ["Size lists small twice"]);
  assert.deepEqual(refused({ options: [{ name: "Size", values: ["Sm\u0000all"] }] }), [
    "Option value must not contain control characters",
  ]);
  assert.deepEqual(refused({ options: [SIZE, { name: "size", values: ["1"] }] }), ["Each option needs its own name"]);
  const ten = Array.from({ length: 11 }, (_, i) => `V${i}`);
  assert.deepEqual(refused({ options: [{ name: "A", values: ten }, { name: "B", values: ten }] }), [
    schemas.TOO_MANY_COMBINATIONS,
  ]);
  // The no-JavaScript form: comma-separated values, empty rows skipped.
  assert.deepEqual(
    schemas.optionsFormBody({
      option1Name: "Size",
      option1Values: "Small, Large,",
      option2Name: "",
      option2Values: "",
    }),
    { options: [{ name: "Size", values: ["Small", "Large"] }] },
  );
});

test("[options] generating makes every missing combination: name, option values, derived SKU, the product's price, stock 0", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const product = await createProduct(db, { sku: "UVB-T5", price: "349.00", stock: 0 });
  await setProductOptions(db, staff.id, product.id, [SIZE, UVB]);
  const created = await generateVariants(db, staff.id, product.id);
  assert.deepEqual(created.map((v) => [v.name, v.sku, v.price, v.stock, v.optionValues]), [
    ["Small / 5%", "UVB-T5-SMALL-5", "349.00", 0, ["Small", "5%"]],
    ["Small / 10%", "UVB-T5-SMALL-10", "349.00", 0, ["Small", "10%"]],
    ["Large / 5%", "UVB-T5-LARGE-5", "349.00", 0, ["Large", "5%"]],
    ["Large / 10%", "UVB-T5-LARGE-10", "349.00", 0, ["Large", "10%"]],
  ]);
  const entries = await db.select().from(auditLogs).where(eq(auditLogs.entityType, "product_variant"));
  assert.equal(entries.length, 4, "each generated variant is audited");
  assert.deepEqual(await generateVariants(db, staff.id, product.id), [], "a second run adds nothing");
});

test("[options] generating keeps existing variants (stock, price, hand-made ones) and adopts a hand-made one by name", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const product = await createProduct(db, { sku: "TUBE", price: "200.00" });
  const handMade = await createVariant(db, product.id, {
    name: "small / 5%",
    sku: "MY-OWN",
    price: "180.00",
    stock: 7,
  });
  const other = await createVariant(db, product.id, { name: "Gift wrap", sku: "WRAP", price: "20.00", stock: 3 });
  await setProductOptions(db, staff.id, product.id, [SIZE, UVB]);
  const created = await generateVariants(db, staff.id, product.id);
  assert.deepEqual(created.map((v) => v.name), ["Small / 10%", "Large / 5%", "Large / 10%"]);
  const all = await variantsOf(db, product.id);
  const kept = all.find((v) => v.id === handMade.id)!;
  assert.deepEqual([kept.sku, kept.price, kept.stock, kept.optionValues], ["MY-OWN", "180.00", 7, ["Small", "5%"]]);
  assert.ok(all.some((v) => v.id === other.id), "a variant outside the matrix stays");
  // A value removed from the options: its variants stay (orders and carts may point at them).
  await setProductOptions(db, staff.id, product.id, [{ name: "Size", values: ["Small"] }, UVB]);
  await generateVariants(db, staff.id, product.id);
  assert.equal((await variantsOf(db, product.id)).length, 5);
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
  assert.equal(row.stock, 10, "the product's stock is still its variants' sum");
});

test("[options] generated SKUs are made unique against every product's variants", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const elsewhere = await createProduct(db, { sku: "OTHER" });
  await createVariant(db, elsewhere.id, { sku: "lamp-small" });
  await createVariant(db, elsewhere.id, { sku: "LAMP-SMALL-2" });
  const product = await createProduct(db, { sku: "LAMP" });
  await setProductOptions(db, staff.id, product.id, [{ name: "Size", values: ["Small", "Sm all", "Large"] }]);
  const created = await generateVariants(db, staff.id, product.id);
  assert.deepEqual(created.map((v) => v.sku), ["LAMP-SMALL-3", "LAMP-SM-ALL", "LAMP-LARGE"]);
});

test("[options] generating without options is refused", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const product = await createProduct(db);
  await assert.rejects(generateVariants(db, staff.id, product.id), ValidationError);
});

raceTest("[options] two generate clicks at once make each combination once", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const product = await createProduct(db, { sku: "RACE" });
  await setProductOptions(db, staff.id, product.id, [SIZE, UVB]);
  const results = await Promise.all([
    generateVariants(db, staff.id, product.id),
    generateVariants(db, staff.id, product.id),
  ]);
  assert.equal(results[0].length + results[1].length, 4);
  assert.equal((await variantsOf(db, product.id)).length, 4);
});

test("[duplicate] the copy is a draft with a fresh name, slug and SKUs, the same images, alt text and options, no stock", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const original = await createProduct(db, {
    name: "Arcadia T5 Kit",
    slug: "arcadia-t5-kit",
    sku: "ARC-T5",
    price: "899.00",
    stock: 0,
    images: ["/media/products/a.webp", "/media/products/b.webp"],
    imageAlts: { "/media/products/a.webp": "The kit boxed" },
    options: [SIZE],
    fbRetailerId: "meta-1",
  });
  await createVariant(db, original.id, { name: "Small", sku: "ARC-T5-SMALL", stock: 4, optionValues: ["Small"] });
  await createVariant(db, original.id, { name: "Large", sku: "ARC-T5-LARGE", stock: 2, optionValues: ["Large"] });
  await createProduct(db, { slug: "copy-of-arcadia-t5-kit", sku: "ARC-T5-COPY" }); // an earlier copy

  const copy = await duplicateProduct(db, staff.id, original.id);
  assert.equal(copy.name, "Copy of Arcadia T5 Kit");
  assert.equal(copy.status, "draft");
  assert.equal(copy.slug, "copy-of-arcadia-t5-kit-2");
  assert.equal(copy.sku, "ARC-T5-COPY-2");
  assert.equal(copy.stock, 0);
  assert.equal(copy.price, "899.00");
  assert.deepEqual(copy.images, original.images);
  assert.deepEqual(copy.imageAlts, { "/media/products/a.webp": "The kit boxed" });
  assert.deepEqual(copy.options, [SIZE]);
  assert.equal(copy.fbRetailerId, null, "the marketplace id stays with the original");
  const variants = await variantsOf(db, copy.id);
  assert.deepEqual(variants.map((v) => [v.name, v.sku, v.stock, v.optionValues]), [
    ["Small", "ARC-T5-SMALL-COPY", 0, ["Small"]],
    ["Large", "ARC-T5-LARGE-COPY", 0, ["Large"]],
  ]);
  assert.equal((await variantsOf(db, original.id)).length, 2, "the original keeps its variants");
  const [entry] = await db.select().from(auditLogs).where(eq(auditLogs.entityId, copy.id))
    .orderBy(asc(auditLogs.id)).then((rows) => rows.filter((r) => r.entityType === "product"));
  assert.equal((entry.details as { duplicatedFrom: number }).duplicatedFrom, original.id);

  const again = await duplicateProduct(db, staff.id, original.id);
  assert.equal(again.slug, "copy-of-arcadia-t5-kit-3");
  assert.deepEqual((await variantsOf(db, again.id)).map((v) => v.sku), ["ARC-T5-SMALL-COPY-2", "ARC-T5-LARGE-COPY-2"]);
});

test("[duplicate] the copy takes the original's husbandry, its variants' rows onto the copied variants", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const original = await createProduct(db, { name: "Arcadia T5 Tube", slug: "arcadia-t5", sku: "ARC-TUBE" });
  const small = await createVariant(db, original.id, { name: "22 W", sku: "ARC-TUBE-22" });
  await db.insert(productHusbandry).values([
    { productId: original.id, need: "uvb", uvbPct: 12, habitats: ["desert"], replacementMonths: 12, staffPick: true },
    { productId: original.id, variantId: small.id, need: "uvb", uvbPct: 12, tubeLengthCm: 55 },
  ]);
  const copy = await duplicateProduct(db, staff.id, original.id);
  const [copiedSmall] = await variantsOf(db, copy.id);
  const rows = await db.select().from(productHusbandry).where(eq(productHusbandry.productId, copy.id))
    .orderBy(asc(productHusbandry.id));
  assert.deepEqual(
    rows.map((r) => [r.variantId, r.need, r.uvbPct, r.tubeLengthCm, r.habitats, r.replacementMonths, r.staffPick]),
    [
      [null, "uvb", 12, null, ["desert"], 12, true],
      [copiedSmall.id, "uvb", 12, 55, [], null, false],
    ],
  );
  assert.equal((await db.select().from(productHusbandry).where(eq(productHusbandry.productId, original.id))).length, 2);
});

test("[images] alt text is kept by image, follows a reorder, goes with a deleted image, and is audited", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const a = "/media/products/a.webp", b = "/media/products/b.webp";
  const product = await createProduct(db, { images: [a, b] });
  await setProductImageAlt(db, { productId: product.id, userId: staff.id, index: 1, alt: "Basking lamp lit" });
  await reorderProductImages(db, { productId: product.id, userId: staff.id, images: [b, a] });
  const [row] = await db.select().from(products).where(eq(products.id, product.id));
  assert.deepEqual(row.imageAlts, { [b]: "Basking lamp lit" });
  await assert.rejects(setProductImageAlt(db, { productId: product.id, userId: staff.id, index: 5, alt: "x" }));
  await removeProductImage(db, memoryStorage(), { productId: product.id, userId: staff.id, index: 0 });
  const [after] = await db.select().from(products).where(eq(products.id, product.id));
  assert.deepEqual(after.imageAlts, {});
  const actions = (await db.select().from(auditLogs).orderBy(asc(auditLogs.id))).map((e) => e.action);
  assert.deepEqual(actions, ["image_alt_changed", "images_reordered", "image_removed"]);
});

raceTest("[duplicate] three duplicates at once all succeed, each with its own slug and SKUs", async (db) => {
  const staff = await createUser(db, { role: "admin" });
  const original = await createProduct(db, { slug: "hide", sku: "HIDE" });
  await createVariant(db, original.id, { sku: "HIDE-S" });
  const copies = await Promise.all([1, 2, 3].map(() => duplicateProduct(db, staff.id, original.id)));
  assert.deepEqual(copies.map((c) => c.slug).sort(), ["copy-of-hide", "copy-of-hide-2", "copy-of-hide-3"]);
  const skus = (await db.select({ sku: productVariants.sku }).from(productVariants)).map((r) => r.sku).sort();
  assert.deepEqual(skus, ["HIDE-S", "HIDE-S-COPY", "HIDE-S-COPY-2", "HIDE-S-COPY-3"]);
});

closeDatabase();
