/**
 * One action, two doors (continued from form_parity_test.ts): the staff order forms, the settings,
 * species and Graph API token forms, the product CSV import, Run now of a job, the recommendations
 * rebuild and 'Add the essentials to cart'. Each action is used
 * once through its JSON route and once through its form on two things made alike (or, for one
 * shop-wide thing, on the same thing put back between the doors), and the database must end the
 * same; a refusal must be refused both ways with the same words and write nothing.
 */
import assert from "node:assert/strict";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import {
  auditLogs,
  cartItems,
  emailOutbox,
  jobRuns,
  orderItems,
  orders,
  productHusbandry,
  productRecommendationLists,
  products,
  purchaseOrderLines,
  purchaseOrders,
  recommendationRuns,
  recommendations,
  shopSettings,
  species,
  stockMovements,
  users,
} from "../../db/schema/mod.ts";
import { TOKEN_SETTING } from "../../domains/social_import/mod.ts";
import { getSpecies } from "../../domains/animals/mod.ts";
import { readSetting, readShopSettings, shopSettingsDefaults } from "../../domains/settings/mod.ts";
import { seedAnimals } from "../../seed/animals.ts";
import { seedDemo } from "../../seed/mod.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp, testConfig } from "../helpers/app.ts";
import { memoryStorage } from "../../lib/storage.ts";
import { testGateway } from "../../domains/payments/mod.ts";
import { type JobSpec, startScheduler } from "../../db/jobs.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer } from "../helpers/accounts.ts";
import { createCategory, createProduct, homeAddressForm } from "../helpers/factories.ts";
import { customer } from "../helpers/paid_orders.ts";
import { accountOn } from "../helpers/staff.ts";
import { type FakeGraphApi, sampleCatalogue, startFakeGraphApi } from "../fakes/graph_api.ts";
import { tubeRule, tubeRuleForm } from "../helpers/setup_rules.ts";
import { COMPARED_IN_STAFF_FILE, formRoutes, noting, refusalShown } from "../helpers/form_parity.ts";

const { test, closeDatabase } = useTestDatabase();

/** The paths this file's cases posted as forms (the last test reads them). */
const postedForms = new Set<string>();
/** How many comparing tests ran to the end (the last test needs them all). */
let compared = 0;

interface Shop {
  db: Db;
  app: ReturnType<typeof testApp>;
  /** An admin signed in on `app`. */
  admin: TestClient;
  /** The fake Meta Graph API the shop imports from, for a case that asks for it. */
  graph?: FakeGraphApi;
  /** Stops the case's job scheduler and fake Graph API, if it has them. */
  stop: () => Promise<void>;
}

/** The thing one door acts on: its id (or slug), a product it uses, and who acts when not the admin. */
interface Made {
  id: number;
  slug?: string;
  productId?: number;
  client?: TestClient;
}

type Door = (client: TestClient, made: Made, shop: Shop) => Promise<Response>;

interface ParityCase {
  name: string;
  /** Background jobs the shop runs (on demand only: nothing runs unless a door asks). */
  jobs?: JobSpec[];
  /** The shop imports from a fake Meta Graph API (the sample catalogue), as `shop.graph`. */
  graph?: boolean;
  /** Makes the n-th thing to act on (1: by JSON, 2: by form). */
  make: (shop: Shop, n: number) => Promise<Made>;
  /**
   * For one shop-wide thing both doors act on (the settings, a species): called before the JSON
   * door, it answers how to put the thing back before the form's turn.
   */
  restore?: (shop: Shop, made: Made) => Promise<() => Promise<void>>;
  json: Door;
  form: Door;
  /** What the action did, the same for both things (no ids, names or times). */
  state: (db: Db, made: Made) => Promise<unknown>;
  /**
   * The same bad input both ways: the JSON route's status, each door, and the words the form must
   * show from the JSON answer (its `error` unless said otherwise).
   */
  refused: {
    status: number;
    json: Door;
    form: Door;
    words?: (answer: Record<string, unknown>) => string[];
    /** Who is refused, when not the one who acts (a customer at a staff door). */
    by?: (shop: Shop, n: number) => Promise<TestClient>;
  };
}

/** The admin, unless the thing is acted on by someone else (a shopper). */
const actor = (shop: Shop, made: Made) => made.client ?? shop.admin;

/** An open purchase order of 10 units of a product of its own (SKU `POR-n`, 2 in stock). */
async function openPurchaseOrder(shop: Shop, n: number): Promise<Made> {
  const p = await createProduct(shop.db, { name: `Mealworms ${n}`, sku: `POR-${n}`, stock: 2 });
  const [po] = await shop.db.insert(purchaseOrders).values({ supplier: "Reptile Wholesale" }).returning();
  await shop.db.insert(purchaseOrderLines).values({
    purchaseOrderId: po.id,
    productId: p.id,
    sku: p.sku,
    name: p.name,
    ordered: 10,
  });
  return { id: po.id, productId: p.id, slug: p.sku };
}

/** The purchase order's line of a case's product. */
async function purchaseLineOf(db: Db, made: Made) {
  const [line] = await db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.productId, made.productId!));
  return line;
}

/** A purchase order's status and lines, its product's stock and history (its number written as PO). */
async function purchaseOrderState(db: Db, made: Made) {
  const [po] = await db.select().from(purchaseOrders).where(eq(purchaseOrders.id, made.id));
  const line = await purchaseLineOf(db, made);
  const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, made.productId!));
  const moves = await db.select().from(stockMovements).where(eq(stockMovements.productId, made.productId!));
  return {
    status: po.status,
    closed: po.closedAt !== null,
    line: [line.ordered, line.received],
    stock,
    moves: moves.map((m) => [m.reason, m.delta, m.note?.replace(/^PO-\d+/, "PO")]),
    audit: (await db.select({ action: auditLogs.action }).from(auditLogs)
      .where(and(eq(auditLogs.entityType, "purchase_order"), eq(auditLogs.entityId, made.id)))).map((a) => a.action),
  };
}

/** A pay-link order's money, lines and state, the product's stock and the customer's e-mails. */
async function staffOrderState(db: Db, made: Made) {
  const [o] = await db.select().from(orders).where(eq(orders.userId, made.id));
  const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, made.id));
  const [{ stock }] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, made.productId!));
  const mails = await db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(
    eq(emailOutbox.toAddress, email),
  ).orderBy(asc(emailOutbox.id));
  if (!o) return { order: null, stock, mails };
  const lines = await db.select({ name: orderItems.name, price: orderItems.price, quantity: orderItems.quantity })
    .from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id));
  return {
    order: {
      status: o.status,
      source: o.source,
      subtotal: o.subtotal,
      shippingCost: o.shippingCost,
      discountAmount: o.discountAmount,
      total: o.total,
      shippingMethod: o.shippingMethod,
      shippingAddress: o.shippingAddress,
      paymentMethod: o.paymentMethod,
      paid: o.paidAt !== null,
      notes: o.notes,
    },
    lines,
    stock,
    mails: mails.map((m) => m.subject.replace(/RB-\d+/, "RB-#")),
  };
}

/** A customer with a default address and a R250 heat mat with 5 in stock, for a staff order. */
async function buyerAndMat(shop: Shop, n: number): Promise<Made> {
  const buyer = await customer(shop.db, { username: `parity_buyer_${n}`, email: `parity.buyer${n}@example.co.za` });
  const mat = await createProduct(shop.db, { name: "Heat mat 20W", price: "250.00", stock: 5 });
  return { id: buyer.id, productId: mat.id };
}

/** The staff order form's fields: the customer, one line per [product, quantity], the delivery. */
function staffOrderForm(customerId: number, lines: [number, number][], note = "Phoned in") {
  return {
    customerId: String(customerId),
    ...Object.fromEntries(lines.flatMap(([product, quantity], i) => [
      [`line${i}-product`, String(product)],
      [`line${i}-variant`, ""],
      [`line${i}-quantity`, String(quantity)],
    ])),
    shippingMethod: "standard",
    pudoLockerCode: "",
    ...homeAddressForm,
    addressLine2: "",
    instructions: "",
    note,
  };
}

const staffOrderJson = (customerId: number, productId: number, quantity: number) => ({
  customerId,
  items: [{ productId, quantity }],
  shippingMethod: "standard",
  address: { ...homeAddressForm, addressLine2: null, instructions: null },
  note: "Phoned in",
});

/** The order staff took for the customer (made.id). */
async function orderOf(db: Db, made: Made): Promise<number> {
  const [o] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, made.id));
  return o.id;
}

/** The editable fields of a species profile, as the API takes them. */
async function speciesBody(db: Db, slug: string) {
  const s = await getSpecies(db, slug);
  const keys = [
    "commonName",
    "scientificName",
    "nicknames",
    "adultSize",
    "lifespan",
    "diet",
    "baskingMinC",
    "baskingMaxC",
    "warmMinC",
    "warmMaxC",
    "coolMinC",
    "coolMaxC",
    "nightMinC",
    "nightMaxC",
    "humidityMinPct",
    "humidityMaxPct",
    "uvbMinPct",
    "uvbMaxPct",
    "uvbZone",
    "enclosureLengthCm",
    "enclosureWidthCm",
    "enclosureHeightCm",
    "substrate",
    "difficulty",
    "careSummary",
    "legalNote",
  ] as const;
  return Object.fromEntries(keys.map((k) => [k, s[k]])) as Record<(typeof keys)[number], unknown>;
}

/** A species body as the edit form posts it: text, nicknames joined by commas, empty for none. */
function speciesForm(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : v === null ? "" : String(v)]),
  );
}

const changedSpecies = { baskingMinC: 38, baskingMaxC: 42, careSummary: "Hot basking spot, strong UVB, greens daily." };

async function speciesState(db: Db, made: Made) {
  const [row] = await db.select().from(species).where(eq(species.slug, made.slug!));
  const { updatedAt: _u, ...rest } = row as Record<string, unknown>;
  return rest;
}

const settingsDefaults = shopSettingsDefaults(testConfig().shop);
const newSettings = {
  shopName: "Reptile Barn",
  companyName: "Reptile Barn (Pty) Ltd",
  registrationNumber: "2019/123456/07",
  vatNumber: "4123456789",
  email: "hello@reptilebarn.example.co.za",
  phone: "+27 21 555 0100",
  address: "12 Long Street, Cape Town",
  freeDeliveryThreshold: 1250,
  deliveryFee: 85.5,
  stockAlertEmail: "buyer@reptilebarn.example.co.za",
};
const asForm = (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

const CSV_HEADER = "Handle,Title,Product Category,Status,Product SKU,Product Price,Product Compare At Price," +
  "Variant Name,Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty";
const csvOf = (n: number, price = "229.50") =>
  `${CSV_HEADER}\nparity-mat-${n},Heat mat,,active,,,,,IMP-${n},${price},,12`;

async function importedState(db: Db, made: Made) {
  const [p] = await db.select().from(products).where(eq(products.sku, `IMP-${made.id}`));
  if (!p) return null;
  return { name: p.name, status: p.status, price: p.price, salePrice: p.salePrice, stock: p.stock };
}

async function cartOf(db: Db, made: Made) {
  return await db.select({
    productId: cartItems.productId,
    variantId: cartItems.variantId,
    quantity: cartItems.quantity,
  })
    .from(cartItems).where(eq(cartItems.userId, made.id)).orderBy(asc(cartItems.productId), asc(cartItems.variantId));
}

/** The same rule as a 6% tube for any habitat (what a change makes of it). */
const changedTube = { ...tubeRule, uvbPct: 6, habitats: [], staffPick: false };
const changedTubeForm = { need: "uvb", variantId: "", uvbPct: "6", tubeLengthCm: "85", replacementMonths: "12" };

/** A tube product with its UVB rule: the rule is the thing acted on, the product the one it belongs to. */
async function tubeWithRule(shop: Shop, n: number): Promise<Made> {
  const tube = await createProduct(shop.db, { name: `T5 tube ${n}`, price: "99.00", stock: 5 });
  const [row] = await shop.db.insert(productHusbandry).values({ productId: tube.id, ...tubeRule, need: "uvb" })
    .returning({ id: productHusbandry.id });
  return { id: row.id, productId: tube.id };
}

/** A product's setup rules without ids or times. */
async function rulesOf(db: Db, productId: number) {
  return (await db.select().from(productHusbandry).where(eq(productHusbandry.productId, productId)))
    .map(({ id: _i, productId: _p, createdAt: _c, updatedAt: _u, ...rest }) => rest);
}

const CASES: ParityCase[] = [
  {
    name: "take an order for a customer",
    make: buyerAndMat,
    json: (admin, made) => admin.postJson("/api/admin/orders", staffOrderJson(made.id, made.productId!, 2)),
    form: (admin, made) => admin.postForm("/admin/orders/new", staffOrderForm(made.id, [[made.productId!, 2]])),
    state: staffOrderState,
    refused: {
      status: 409,
      json: (admin, made) => admin.postJson("/api/admin/orders", staffOrderJson(made.id, made.productId!, 6)),
      form: (admin, made) => admin.postForm("/admin/orders/new", staffOrderForm(made.id, [[made.productId!, 6]])),
    },
  },
  {
    name: "change the lines of an unpaid staff order",
    make: async (shop, n) => {
      const made = await buyerAndMat(shop, n);
      const res = await shop.admin.postJson("/api/admin/orders", staffOrderJson(made.id, made.productId!, 2));
      assert.equal(res.status, 201, await res.clone().text());
      return made;
    },
    json: async (admin, made, { db }) =>
      await admin.postJson(`/api/admin/orders/${await orderOf(db, made)}/lines`, {
        items: [{ productId: made.productId, quantity: 3 }],
      }),
    form: async (admin, made, { db }) =>
      await admin.postForm(`/admin/orders/${await orderOf(db, made)}/lines`, {
        "line0-product": String(made.productId),
        "line0-variant": "",
        "line0-quantity": "3",
      }),
    state: staffOrderState,
    refused: {
      status: 409,
      json: async (admin, made, { db }) =>
        await admin.postJson(`/api/admin/orders/${await orderOf(db, made)}/lines`, {
          items: [{ productId: made.productId, quantity: 6 }],
        }),
      form: async (admin, made, { db }) =>
        await admin.postForm(`/admin/orders/${await orderOf(db, made)}/lines`, {
          "line0-product": String(made.productId),
          "line0-quantity": "6",
        }),
    },
  },
  {
    name: "save the shop settings",
    make: () => Promise.resolve({ id: 0 }),
    restore: async ({ admin }) => {
      const res = await admin.get("/api/admin/settings");
      assert.equal(res.status, 200);
      const before = await res.json();
      return async () => {
        const put = await admin.postJson("/api/admin/settings", before, "PUT");
        assert.equal(put.status, 200, await put.clone().text());
      };
    },
    json: (admin) => admin.postJson("/api/admin/settings", newSettings, "PUT"),
    form: (admin) =>
      admin.postForm("/admin/settings", {
        ...asForm(newSettings),
        freeDeliveryThreshold: "1250",
        deliveryFee: "85.50",
      }),
    state: (db) => readShopSettings(db, settingsDefaults),
    refused: {
      status: 400,
      json: (admin) => admin.postJson("/api/admin/settings", { ...newSettings, vatNumber: "123" }, "PUT"),
      form: (admin) => admin.postForm("/admin/settings", { ...asForm(newSettings), vatNumber: "123" }),
    },
  },
  {
    name: "change a species profile",
    make: async ({ db }, n) => {
      if (n === 1) await seedAnimals(db);
      return { id: 0, slug: "bearded-dragon" };
    },
    restore: async ({ db }, made) => {
      const [row] = await db.select().from(species).where(eq(species.slug, made.slug!));
      return async () => {
        const { id, ...rest } = row;
        await db.update(species).set(rest).where(eq(species.id, id));
      };
    },
    json: async (admin, made, { db }) =>
      await admin.postJson(
        `/api/admin/animals/${made.slug}`,
        { ...await speciesBody(db, made.slug!), ...changedSpecies },
        "PUT",
      ),
    form: async (admin, made, { db }) =>
      await admin.postForm(
        `/admin/animals/${made.slug}`,
        speciesForm({ ...await speciesBody(db, made.slug!), ...changedSpecies }),
      ),
    state: speciesState,
    refused: {
      status: 400,
      json: async (admin, made, { db }) =>
        await admin.postJson(
          `/api/admin/animals/${made.slug}`,
          { ...await speciesBody(db, made.slug!), warmMinC: 36, warmMaxC: 30 },
          "PUT",
        ),
      form: async (admin, made, { db }) =>
        await admin.postForm(
          `/admin/animals/${made.slug}`,
          speciesForm({ ...await speciesBody(db, made.slug!), warmMinC: 36, warmMaxC: 30 }),
        ),
    },
  },
  {
    name: "import a product CSV",
    make: (_shop, n) => Promise.resolve({ id: n }),
    json: (admin, made) =>
      admin.request("/api/admin/products/import", {
        method: "POST",
        headers: { "Content-Type": "text/csv" },
        body: csvOf(made.id),
      }),
    form: (admin, made) => admin.postForm("/admin/products/import", { csv: csvOf(made.id) }),
    state: importedState,
    refused: {
      status: 422,
      json: (admin, made) =>
        admin.request("/api/admin/products/import", {
          method: "POST",
          headers: { "Content-Type": "text/csv" },
          body: csvOf(made.id, "free"),
        }),
      // The screen lists the refused rows under its own heading, the row number in a column of its own.
      words: (answer) => [
        "Nothing was imported",
        ...(answer.errors as { message: string }[]).map((e) => e.message.replace(/^Row \d+: /, "")),
      ],
      form: (admin, made) => {
        const file = new FormData();
        file.set("file", new File([csvOf(made.id, "free")], "products.csv", { type: "text/csv" }));
        return admin.request("/admin/products/import", { method: "POST", body: file });
      },
    },
  },
  {
    name: "save the Graph API token",
    make: () => Promise.resolve({ id: 0 }),
    restore: ({ db }) =>
      Promise.resolve(async () => {
        await db.delete(shopSettings).where(eq(shopSettings.key, TOKEN_SETTING));
        await db.delete(auditLogs).where(eq(auditLogs.entityType, "setting"));
      }),
    json: (admin) => admin.postJson("/api/admin/facebook-settings", { accessToken: "EAAB-parity-token" }),
    form: (admin) => admin.postForm("/admin/facebook/token", { accessToken: " EAAB-parity-token " }),
    state: async (db) => ({
      token: await readSetting(db, TOKEN_SETTING) ?? null,
      audited: await db.select({ action: auditLogs.action, details: auditLogs.details }).from(auditLogs)
        .where(eq(auditLogs.entityType, "setting")),
    }),
    refused: {
      status: 400,
      json: (admin) => admin.postJson("/api/admin/facebook-settings", { accessToken: "EAAB parity" }),
      form: (admin) => admin.postForm("/admin/facebook/token", { accessToken: "EAAB parity" }),
    },
  },
  {
    name: "import the Meta catalogue",
    graph: true,
    make: async ({ admin, graph }, n) => {
      if (n === 1) await admin.postJson("/api/admin/facebook-settings", { accessToken: graph!.token });
      return { id: 0 };
    },
    // Both doors import the same catalogue: the JSON door's products go before the form's turn.
    restore: ({ db }) =>
      Promise.resolve(async () => {
        await db.delete(products).where(isNotNull(products.fbRetailerId));
        await db.delete(auditLogs).where(eq(auditLogs.entityType, "product"));
      }),
    json: (admin) => admin.postJson("/api/admin/facebook-import", { downloadImages: false }),
    // The switch left off sends no field.
    form: (admin) => admin.postForm("/admin/facebook/import", {}),
    state: async (db) => ({
      imported: await db.select({
        retailerId: products.fbRetailerId,
        name: products.name,
        price: products.price,
        stock: products.stock,
        images: products.images,
      }).from(products).where(isNotNull(products.fbRetailerId)).orderBy(asc(products.fbRetailerId)),
      audited: await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityType, "product")),
    }),
    // Facebook down (HTTP 500): 502 and Graph's words, nothing imported.
    refused: {
      status: 502,
      json: (admin, _made, { graph }) => {
        graph!.failNext(1);
        return admin.postJson("/api/admin/facebook-import", { downloadImages: false });
      },
      form: (admin, _made, { graph }) => {
        graph!.failNext(1);
        return admin.postForm("/admin/facebook/import", {});
      },
    },
  },
  {
    name: "run a background job now",
    jobs: [{ name: "parity tidy", intervalMs: 86_400_000, run: () => Promise.resolve() }],
    make: () => Promise.resolve({ id: 0 }),
    restore: ({ db }) =>
      Promise.resolve(async () => {
        await db.delete(jobRuns).where(eq(jobRuns.name, "parity tidy"));
        await db.delete(auditLogs).where(eq(auditLogs.entityType, "job"));
      }),
    json: (admin) => admin.postJson("/api/admin/jobs/parity tidy/run", {}),
    form: (admin) => admin.postForm("/admin/jobs/parity tidy/run", {}),
    state: async (db) => ({
      runs: await db.select({ runs: jobRuns.runs, lastError: jobRuns.lastError }).from(jobRuns),
      audited: await db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.entityType, "job")),
    }),
    refused: {
      status: 404,
      json: (admin) => admin.postJson("/api/admin/jobs/no such job/run", {}),
      form: (admin) => admin.postForm("/admin/jobs/no such job/run", {}),
    },
  },
  {
    name: "rebuild the recommendations",
    make: async ({ db }, n) => {
      if (n === 1) {
        const heat = await createCategory(db, { name: "Heating" });
        for (const price of ["150.00", "250.00", "350.00"]) {
          await createProduct(db, { name: "Heat mat", brand: "Exo Terra", price, categoryId: heat.id });
        }
      }
      return { id: 0 };
    },
    restore: ({ db }) =>
      Promise.resolve(async () => {
        await db.delete(productRecommendationLists);
        await db.delete(recommendations);
        await db.delete(recommendationRuns);
      }),
    json: (admin) => admin.postJson("/api/admin/recommendations/rebuild", {}),
    form: (admin) => admin.postForm("/admin/recommendations/rebuild", {}),
    state: async (db) => ({
      lists: (await db.select().from(productRecommendationLists).orderBy(asc(productRecommendationLists.productId)))
        .map(({ builtAt: _b, ...rest }) => rest),
      stored: (await db.select().from(recommendations).orderBy(asc(recommendations.id)))
        .map(({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest),
    }),
    // The rebuild takes no input: its refusal is the guard's, a customer at the staff door.
    refused: {
      status: 403,
      by: async (shop, n) => (await accountOn(shop.db, shop.app, "customer", `parity_shopper_${n}`)).client,
      json: (client) => client.postJson("/api/admin/recommendations/rebuild", {}),
      form: (client) => client.postForm("/admin/recommendations/rebuild", {}),
    },
  },
  {
    name: "add a species' essentials to the cart",
    make: async ({ db, app }, n) => {
      if (n === 1) await seedDemo(db, { withAccounts: false });
      const client = testClient(app);
      const me = await registerCustomer(client, { username: `parity_keeper_${n}`, email: `keeper${n}@example.co.za` });
      return { id: me.id ?? me.user?.id, slug: "bearded-dragon", client };
    },
    json: (client, made) => client.request(`/api/animals/${made.slug}/essentials`, { method: "POST" }),
    form: (client, made) => client.postForm(`/animals/${made.slug}/essentials`, {}),
    state: cartOf,
    refused: {
      status: 404,
      json: (client) => client.request("/api/animals/komodo-dragon/essentials", { method: "POST" }),
      form: (client) => client.postForm("/animals/komodo-dragon/essentials", {}),
    },
  },
  {
    name: "add a product's setup rule",
    make: async (shop, n) => {
      const tube = await createProduct(shop.db, { name: `T5 tube ${n}`, price: "99.00", stock: 5 });
      return { id: tube.id, productId: tube.id };
    },
    json: (admin, made) => admin.postJson(`/api/admin/products/${made.id}/setup-rules`, tubeRule),
    form: (admin, made) => admin.postForm(`/admin/products/${made.id}/setup-rules`, tubeRuleForm),
    state: (db, made) => rulesOf(db, made.id),
    refused: {
      status: 400,
      json: (admin, made) =>
        admin.postJson(`/api/admin/products/${made.id}/setup-rules`, { ...tubeRule, uvbPct: null }),
      form: (admin, made) => admin.postForm(`/admin/products/${made.id}/setup-rules`, { ...tubeRuleForm, uvbPct: "" }),
    },
  },
  {
    name: "change a product's setup rule",
    make: tubeWithRule,
    json: (admin, made) =>
      admin.postJson(`/api/admin/products/${made.productId}/setup-rules/${made.id}`, changedTube, "PUT"),
    form: (admin, made) => admin.postForm(`/admin/products/${made.productId}/setup-rules/${made.id}`, changedTubeForm),
    state: (db, made) => rulesOf(db, made.productId!),
    refused: {
      status: 400,
      json: (admin, made) =>
        admin.postJson(
          `/api/admin/products/${made.productId}/setup-rules/${made.id}`,
          { ...changedTube, uvbPct: 31 },
          "PUT",
        ),
      form: (admin, made) =>
        admin.postForm(`/admin/products/${made.productId}/setup-rules/${made.id}`, {
          ...changedTubeForm,
          uvbPct: "31",
        }),
    },
  },
  {
    name: "book a delivery into stock",
    make: async (shop, n) => {
      const p = await createProduct(shop.db, { name: `Crickets ${n}`, sku: `RCV-${n}`, stock: 2 });
      return { id: p.id, slug: `RCV-${n}` };
    },
    json: (admin, made) =>
      admin.postJson("/api/admin/stock/receive", { lines: [{ sku: made.slug, quantity: 5 }], reference: "INV-7" }),
    form: (admin, made) => admin.postForm("/admin/restock/receive", { lines: `${made.slug}, 5`, reference: "INV-7" }),
    state: async (db, made) => ({
      stock: (await db.select({ stock: products.stock }).from(products).where(eq(products.id, made.id)))[0].stock,
      moves: (await db.select().from(stockMovements).where(eq(stockMovements.productId, made.id)))
        .map((m) => [m.reason, m.delta, m.stockAfter, m.note, m.actorUserId !== null]),
    }),
    refused: {
      status: 400,
      json: (admin) => admin.postJson("/api/admin/stock/receive", { lines: [{ sku: "NOPE-1", quantity: 5 }] }),
      form: (admin) => admin.postForm("/admin/restock/receive", { lines: "NOPE-1, 5", reference: "" }),
    },
  },
  {
    name: "place a purchase order",
    make: async (shop, n) => {
      const p = await createProduct(shop.db, { name: `Calcium ${n}`, sku: `POC-${n}`, stock: 2 });
      return { id: p.id, slug: p.sku };
    },
    json: (admin, made) =>
      admin.postJson("/api/admin/purchase-orders", {
        supplier: "Reptile Wholesale",
        expectedOn: "2026-12-10",
        lines: [{ sku: made.slug, quantity: 12 }],
      }),
    form: (admin, made) =>
      admin.postForm("/admin/purchase-orders/new", {
        supplier: "Reptile Wholesale",
        expectedOn: "2026-12-10",
        note: "",
        lines: `${made.slug}, 12`,
      }),
    state: async (
      db,
      made,
    ) => (await db.select({
      supplier: purchaseOrders.supplier,
      expectedOn: purchaseOrders.expectedOn,
      ordered: purchaseOrderLines.ordered,
    })
      .from(purchaseOrderLines).innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
      .where(eq(purchaseOrderLines.productId, made.id))),
    refused: {
      status: 400,
      json: (admin) =>
        admin.postJson("/api/admin/purchase-orders", { supplier: "W", lines: [{ sku: "NOPE-1", quantity: 5 }] }),
      form: (admin) => admin.postForm("/admin/purchase-orders/new", { supplier: "W", lines: "NOPE-1, 5" }),
    },
  },
  {
    name: "book a delivery in against a purchase order",
    make: openPurchaseOrder,
    json: async (admin, made, shop) =>
      admin.postJson(`/api/admin/purchase-orders/${made.id}/receive`, {
        lines: [{ lineId: (await purchaseLineOf(shop.db, made)).id, quantity: 4 }],
        reference: "INV-9",
      }),
    form: async (admin, made, shop) =>
      admin.postForm(`/admin/purchase-orders/${made.id}/receive`, {
        [`receive-${(await purchaseLineOf(shop.db, made)).id}`]: "4",
        reference: "INV-9",
      }),
    state: purchaseOrderState,
    refused: {
      status: 400,
      json: async (admin, made, shop) =>
        admin.postJson(`/api/admin/purchase-orders/${made.id}/receive`, {
          lines: [{ lineId: (await purchaseLineOf(shop.db, made)).id, quantity: 0 }],
        }),
      form: async (admin, made, shop) =>
        admin.postForm(`/admin/purchase-orders/${made.id}/receive`, {
          [`receive-${(await purchaseLineOf(shop.db, made)).id}`]: "0",
          reference: "",
        }),
    },
  },
  {
    name: "e-mail a purchase order to its supplier",
    make: openPurchaseOrder,
    json: (admin, made) =>
      admin.postJson(`/api/admin/purchase-orders/${made.id}/send`, { to: "sales@wholesale.co.za" }),
    form: (admin, made) => admin.postForm(`/admin/purchase-orders/${made.id}/send`, { to: "sales@wholesale.co.za" }),
    state: async (db, made) => ({
      ...(await purchaseOrderState(db, made)),
      sent: (await db.select({ to: emailOutbox.toAddress, text: emailOutbox.textBody }).from(emailOutbox))
        .filter((m) => m.text.includes(made.slug!)).map((m) => m.to),
    }),
    refused: {
      status: 400,
      json: (admin, made) => admin.postJson(`/api/admin/purchase-orders/${made.id}/send`, { to: "sales at wholesale" }),
      form: (admin, made) => admin.postForm(`/admin/purchase-orders/${made.id}/send`, { to: "sales at wholesale" }),
    },
  },
  {
    name: "close a purchase order",
    make: openPurchaseOrder,
    json: (admin, made) => admin.postJson(`/api/admin/purchase-orders/${made.id}/close`, {}),
    form: (admin, made) => admin.postForm(`/admin/purchase-orders/${made.id}/close`, {}),
    state: purchaseOrderState,
    refused: {
      status: 404,
      json: (admin, made) => admin.postJson(`/api/admin/purchase-orders/${made.id + 100_000}/close`, {}),
      form: (admin, made) => admin.postForm(`/admin/purchase-orders/${made.id + 100_000}/close`, {}),
    },
  },
  {
    name: "cancel a purchase order",
    make: openPurchaseOrder,
    json: (admin, made) => admin.postJson(`/api/admin/purchase-orders/${made.id}/cancel`, {}),
    form: (admin, made) => admin.postForm(`/admin/purchase-orders/${made.id}/cancel`, {}),
    state: purchaseOrderState,
    refused: {
      status: 404,
      json: (admin, made) => admin.postJson(`/api/admin/purchase-orders/${made.id + 100_000}/cancel`, {}),
      form: (admin, made) => admin.postForm(`/admin/purchase-orders/${made.id + 100_000}/cancel`, {}),
    },
  },
  {
    name: "remove a product's setup rule",
    make: tubeWithRule,
    json: (admin, made) =>
      admin.request(`/api/admin/products/${made.productId}/setup-rules/${made.id}`, { method: "DELETE" }),
    form: (admin, made) => admin.postForm(`/admin/products/${made.productId}/setup-rules/${made.id}/delete`, {}),
    state: (db, made) => rulesOf(db, made.productId!),
    refused: {
      status: 404,
      // Another product's path: the rule is not found there.
      json: (admin, made) =>
        admin.request(`/api/admin/products/${made.productId! + 1000}/setup-rules/${made.id}`, { method: "DELETE" }),
      form: (admin, made) =>
        admin.postForm(`/admin/products/${made.productId! + 1000}/setup-rules/${made.id}/delete`, {}),
    },
  },
];

async function openShop(db: Db, database: Database, { jobs, graph: withGraph }: ParityCase): Promise<Shop> {
  const gateway = testGateway();
  const scheduler = jobs ? startScheduler({ jobs, db, mode: "on demand" }) : undefined;
  const graph = withGraph ? startFakeGraphApi({ items: sampleCatalogue }) : undefined;
  const env: Record<string, string> = graph ? { META_GRAPH_API_BASE: graph.url, META_CATALOG_ID: graph.catalogId } : {};
  const app = testApp(database, env, memoryStorage(), { payments: gateway, jobs: scheduler });
  const { client: admin } = await accountOn(db, app, "admin", "parity_admin");
  const stop = async () => {
    await scheduler?.stop();
    await graph?.stop();
  };
  return { db, app, admin, graph, stop };
}

for (const action of CASES) {
  test(`[form parity] staff: ${action.name}: the form does what the JSON route does`, async (db, database) => {
    const shop = await openShop(db, database, action);
    try {
      await comparing(action, shop);
    } finally {
      await shop.stop();
    }
    compared++;
  });

  test(`[form parity] staff: ${action.name}: refused both ways with the same words`, async (db, database) => {
    const shop = await openShop(db, database, action);
    try {
      await refusing(action, shop);
    } finally {
      await shop.stop();
    }
  });
}

/** The action through its JSON route on one thing, through its form on its twin: the same outcome. */
async function comparing(action: ParityCase, shop: Shop) {
  const { db } = shop;
  const one = await action.make(shop, 1);
  const two = await action.make(shop, 2);
  const putBack = await action.restore?.(shop, one);
  const before = await action.state(db, one);
  assert.deepEqual(await action.state(db, two), before, "same start");

  const json = await action.json(actor(shop, one), one, shop);
  assert.ok(json.status < 300, `JSON ${json.status}: ${await json.text()}`);
  const after = await action.state(db, one);
  assert.notDeepEqual(after, before, "the action changed something");
  if (putBack) {
    await putBack();
    assert.deepEqual(await action.state(db, two), before, "put back before the form's turn");
  }
  const viaForm = actor(shop, two);
  const form = await action.form(noting(viaForm, postedForms), two, shop);
  assert.equal(form.status, 303, `form ${form.status}: ${(await form.text()).slice(0, 300)}`);
  const flash = decodeURIComponent(viaForm.cookies.get("flash") ?? "");
  assert.doesNotMatch(flash, /destructive/, `the form's toast: ${flash}`);
  assert.deepEqual(await action.state(db, two), after);
}

/** The same bad input through both doors: refused in the same words, nothing written. */
async function refusing(action: ParityCase, shop: Shop) {
  const { db } = shop;
  const one = await action.make(shop, 1);
  const two = await action.make(shop, 2);
  const before = await action.state(db, one);
  assert.deepEqual(await action.state(db, two), before, "same start");

  const json = await action.refused.json(await action.refused.by?.(shop, 1) ?? actor(shop, one), one, shop);
  assert.equal(json.status, action.refused.status, await json.clone().text());
  const answer = await json.json();
  const words = action.refused.words?.(answer) ?? [answer.error];
  assert.ok(words.length && words.every(Boolean), "the JSON route says why");
  const viaForm = await action.refused.by?.(shop, 2) ?? actor(shop, two);
  const form = await action.refused.form(viaForm, two, shop);
  assert.ok(form.status >= 300, `form ${form.status}`);
  const shown = await refusalShown(form, viaForm);
  for (const message of words) {
    assert.ok(shown.includes(message), `the form shows '${message}': ${shown.slice(0, 400)}`);
  }
  assert.deepEqual(await action.state(db, one), before, "nothing written by JSON");
  assert.deepEqual(await action.state(db, two), before, "nothing written by the form");
}

test("[form parity] staff: this file compares exactly the form routes it is listed for", (_db, database) => {
  // Run with --filter, or after a failure above: the list of posted paths is partial.
  if (compared < CASES.length) return;
  const { matched } = formRoutes(testApp(database), postedForms);
  assert.deepEqual(matched, [...COMPARED_IN_STAFF_FILE].sort());
});

closeDatabase();
