/**
 * The Meta (Facebook) catalogue import behind the spec's Facebook Commerce tab: the access token
 * (kept server-side in the settings store, never sent back), the connection status, and the import
 * itself. The import reads the whole catalogue first (no database work while waiting on Facebook),
 * then writes each product in its own short transaction with its audit entry, keyed by the Meta
 * retailer id: a second import of the same catalogue creates nothing and updates what changed.
 */
import { eq, inArray, like, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/mod.ts";
import { readSetting, writeSetting } from "../settings/mod.ts";
import { changedFields, recordAudit } from "../admin_audit/mod.ts";
import { ingestImage, MAX_IMAGE_BYTES } from "../media/mod.ts";
import type { FileStorage } from "../../lib/storage.ts";
import { InternalHostError, type ResolveHost } from "../../lib/public_host.ts";
import { AppError, ConflictError, ValidationError } from "../../lib/errors.ts";
import { slugify } from "../../lib/ids.ts";
import { toNumeric } from "../../lib/money.ts";
import { downloadImage, GRAPH_API_VERSION, GraphRefusedError, readCatalogue } from "./graph.ts";
import { parseGraphPrice, PriceFormatError } from "./price.ts";
import { categoryMatcher } from "./categorise.ts";
import { type FacebookImportResult, type GraphProductItem } from "./schemas.ts";
import { TOKEN_REQUIRED } from "./texts.ts";

/** Settings keys: the saved token, and the last import's outcome (shown in the tab's result box). */
export const TOKEN_SETTING = "meta.accessToken";
export const LAST_IMPORT_SETTING = "meta.lastImport";

/** What the import needs from the configuration. */
export interface MetaConfig {
  graphApiBase: string;
  catalogId?: string;
  accessToken?: string;
}

export interface LastImport {
  ok: boolean;
  message: string;
  importCount: number;
  updatedCount: number;
  at: string;
}

/** What the tab shows: never the token itself. */
export interface MetaStatus {
  catalogId: string | null;
  apiVersion: string;
  connected: boolean;
  /** Where the token comes from: saved by staff, or META_ACCESS_TOKEN. */
  tokenSource: "saved" | "environment" | null;
  lastImport: LastImport | null;
}

async function savedToken(db: Db): Promise<string | null> {
  const value = await readSetting(db, TOKEN_SETTING);
  return typeof value === "string" && value ? value : null;
}

export async function metaStatus(db: Db, meta: MetaConfig): Promise<MetaStatus> {
  const [saved, last] = await Promise.all([savedToken(db), readSetting(db, LAST_IMPORT_SETTING)]);
  const tokenSource = saved ? "saved" : meta.accessToken ? "environment" : null;
  return {
    catalogId: meta.catalogId ?? null,
    apiVersion: GRAPH_API_VERSION,
    connected: tokenSource !== null,
    tokenSource,
    lastImport: isLastImport(last) ? last : null,
  };
}

function isLastImport(v: unknown): v is LastImport {
  return !!v && typeof v === "object" && typeof (v as LastImport).message === "string" &&
    typeof (v as LastImport).ok === "boolean" && typeof (v as LastImport).importCount === "number";
}

/**
 * Stores the token for imports (replacing any other). The audit entry says that it changed, never
 * what it is. Settings have no numeric id: entity id 0 with the key in the details.
 */
export async function saveAccessToken(db: Db, token: string, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const had = (await readSetting(tx, TOKEN_SETTING)) !== undefined;
    await writeSetting(tx, TOKEN_SETTING, token, userId);
    await recordAudit(tx, {
      userId,
      entityType: "setting",
      entityId: 0,
      action: had ? "update" : "create",
      details: { key: TOKEN_SETTING, changes: { accessToken: { before: had ? "(hidden)" : null, after: "(hidden)" } } },
    });
  });
}

export interface ImportDeps {
  meta: MetaConfig;
  storage: FileStorage;
  fetch?: typeof fetch;
  /** A and AAAA look-ups for image hosts (Deno.resolveDns by default); tests fake DNS here. */
  resolveHost?: ResolveHost;
  now?: () => Date;
}

/** The server message for a catalogue the Graph API refused: a 422 carrying Facebook's own words. */
export class MetaRefusedError extends AppError {
  constructor(graphMessage: string) {
    super(`Facebook refused the request: ${graphMessage}`, 422);
  }
}

const running = new WeakSet<Db>();

/** A product as the catalogue describes it, checked and in the shop's units. */
interface Draft {
  retailerId: string;
  commerceId: string | null;
  name: string;
  description: string;
  priceCents: number;
  salePriceCents: number | null;
  stock: number;
  brand: string | null;
  availability: string;
  condition: string | null;
  link: string | null;
  gtin: string | null;
  mpn: string | null;
  images: string[];
  categoryText: string;
}

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (s: string | undefined, max: number) => (s ?? "").replace(CONTROL, "").trim().slice(0, max);
const orNull = (s: string) => s || null;
const httpUrl = (s: string | undefined) => {
  if (!s) return null;
  try {
    const u = new URL(s.trim());
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
};

const AVAILABILITIES = new Set(["in stock", "out of stock", "preorder", "available for order", "discontinued"]);
const MAX_IMAGES = 8;
const MAX_STOCK = 1_000_000;

/** One catalogue item as a draft, or the reason it cannot be imported. */
export function draftOf(item: GraphProductItem | null): Draft | { skip: string } {
  if (!item) return { skip: "unreadable item" };
  const retailerId = clean(item.retailer_id ?? item.id, 100);
  if (!retailerId) return { skip: "no retailer id" };
  const name = clean(item.name, 200).replace(/\s+/g, " ");
  if (!name) return { skip: `${retailerId}: no name` };
  let priceCents: number | null;
  let salePriceCents: number | null = null;
  try {
    priceCents = parseGraphPrice(item.price, item.currency);
    const sale = parseGraphPrice(item.sale_price, item.currency);
    if (sale !== null && priceCents !== null && sale < priceCents) salePriceCents = sale;
  } catch (err) {
    if (err instanceof PriceFormatError) return { skip: `${retailerId}: ${err.message}` };
    throw err;
  }
  if (priceCents === null) return { skip: `${retailerId}: no price` };
  const availability = (item.availability ?? "").trim().toLowerCase().replaceAll("_", " ");
  const known = AVAILABILITIES.has(availability) ? availability : "out of stock";
  const count = item.quantity_to_sell_on_facebook ?? item.inventory;
  const sellable = known === "in stock" || known === "available for order";
  const images = [...new Set([item.image_url, ...(item.additional_image_urls ?? [])].map(httpUrl).filter((u) => u))]
    .slice(0, MAX_IMAGES) as string[];
  return {
    retailerId,
    commerceId: orNull(clean(item.id, 100)),
    name,
    description: clean(item.description, 10_000),
    priceCents,
    salePriceCents,
    stock: sellable && count !== undefined ? Math.min(MAX_STOCK, Math.max(0, count)) : 0,
    brand: orNull(clean(item.brand, 100)),
    availability: known,
    condition: orNull(clean(item.condition, 30).toLowerCase()),
    link: httpUrl(item.url),
    gtin: orNull(clean(item.gtin, 30)),
    mpn: orNull(clean(item.mpn, 64)),
    images,
    categoryText: [item.product_type, item.category].filter(Boolean).join(" "),
  };
}

/** The product columns the import owns (compared on a second import). */
function importedColumns(d: Draft) {
  return {
    name: d.name,
    description: d.description,
    price: toNumeric(d.priceCents),
    salePrice: d.salePriceCents === null ? null : toNumeric(d.salePriceCents),
    stock: d.stock,
    brand: d.brand,
    fbCommerceId: d.commerceId,
    fbAvailability: d.availability,
    fbCondition: d.condition,
    fbLink: d.link,
    fbGtin: d.gtin,
    fbMpn: d.mpn,
  };
}

/**
 * Imports the configured catalogue. Errors: no catalogue configured (409), no token (400), Facebook
 * refused the token or catalogue (422 with its message); Facebook unreachable throws
 * GraphUnavailableError (the route answers 502). The outcome is kept for the tab's result box.
 */
export async function importCatalogue(
  db: Db,
  deps: ImportDeps,
  options: { downloadImages: boolean; userId: number },
): Promise<FacebookImportResult> {
  const now = deps.now ?? (() => new Date());
  const catalogId = deps.meta.catalogId;
  if (!catalogId) {
    throw new ConflictError("No Facebook catalogue is configured: set META_CATALOG_ID and restart the shop.");
  }
  const token = (await savedToken(db)) ?? deps.meta.accessToken;
  if (!token) throw new ValidationError(TOKEN_REQUIRED);
  if (running.has(db)) throw new ConflictError("An import is already running. Please wait for it to finish.");
  running.add(db);
  try {
    const result = await runImport(db, deps, catalogId, token, options, now);
    await remember(db, { ok: true, ...result, at: now().toISOString() }, options.userId);
    return result;
  } catch (err) {
    let thrown = err;
    if (err instanceof GraphRefusedError) thrown = new MetaRefusedError(err.message);
    const message = thrown instanceof Error ? thrown.message : "Failed to import products";
    await remember(db, { ok: false, message, importCount: 0, updatedCount: 0, at: now().toISOString() }, options.userId)
      .catch(() => {});
    throw thrown;
  } finally {
    running.delete(db);
  }
}

async function remember(db: Db, last: LastImport, userId: number) {
  await writeSetting(db, LAST_IMPORT_SETTING, {
    ok: last.ok,
    message: last.message,
    importCount: last.importCount,
    updatedCount: last.updatedCount,
    at: last.at,
  }, userId);
}

async function runImport(
  db: Db,
  deps: ImportDeps,
  catalogId: string,
  token: string,
  options: { downloadImages: boolean; userId: number },
  now: () => Date,
): Promise<FacebookImportResult> {
  const read = await readCatalogue({ base: deps.meta.graphApiBase, catalogId, token, fetch: deps.fetch });
  const drafts: Draft[] = [];
  const skipped: string[] = [];
  const seenIds = new Set<string>();
  for (const { item } of read.items) {
    const draft = draftOf(item);
    if ("skip" in draft) skipped.push(draft.skip);
    else if (seenIds.has(draft.retailerId)) skipped.push(`${draft.retailerId}: listed twice`);
    else {
      seenIds.add(draft.retailerId);
      drafts.push(draft);
    }
  }

  const existing = new Map<string, typeof products.$inferSelect>();
  const ids = drafts.map((d) => d.retailerId);
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await db.select().from(products).where(inArray(products.fbRetailerId, ids.slice(i, i + 1000)))
      .orderBy(products.id);
    for (const row of rows) if (!existing.has(row.fbRetailerId!)) existing.set(row.fbRetailerId!, row);
  }
  const match = categoryMatcher(
    await db.select({ id: categories.id, name: categories.name, description: categories.description })
      .from(categories).orderBy(categories.position, categories.id),
  );

  let importCount = 0, updatedCount = 0, uncategorisedCount = 0, imageFailures = 0, imagesRefused = 0;
  const unchanged: number[] = [];
  for (const draft of drafts) {
    const found = existing.get(draft.retailerId);
    const guessed = match(draft.name, draft.categoryText);
    const syncedAt = now();
    if (found?.archivedAt) {
      skipped.push(`${draft.retailerId}: archived in the shop`);
      continue;
    }
    if (found) {
      const before = found as unknown as Record<string, unknown>;
      const after: Record<string, unknown> = { ...importedColumns(draft) };
      if (found.categoryId === null && guessed !== null) after.categoryId = guessed;
      if (!found.images.length && draft.images.length && !options.downloadImages) after.images = draft.images;
      const changes = changedFields(before, after);
      if ((found.categoryId ?? after.categoryId ?? null) === null) uncategorisedCount++;
      if (!Object.keys(changes).length) {
        unchanged.push(found.id);
        continue;
      }
      const set = Object.fromEntries(Object.keys(changes).map((k) => [k, after[k]]));
      await db.transaction(async (tx) => {
        await tx.update(products).set({ ...set, fbSyncedAt: syncedAt, updatedAt: syncedAt })
          .where(eq(products.id, found.id));
        await recordAudit(tx, {
          userId: options.userId,
          entityType: "product",
          entityId: found.id,
          action: "import_update",
          details: { source: "meta", retailerId: draft.retailerId, changes },
        });
      });
      updatedCount++;
      continue;
    }
    let images = draft.images;
    if (options.downloadImages) {
      const { stored, refused } = await storeImages(draft.images, deps);
      imageFailures += draft.images.length - stored.length;
      imagesRefused += refused;
      images = stored;
    }
    const created = await db.transaction(async (tx) => {
      // Another import (another instance) may have created it since the read above.
      const [again] = await tx.select({ id: products.id }).from(products)
        .where(eq(products.fbRetailerId, draft.retailerId)).limit(1);
      if (again) return false;
      const values = {
        ...importedColumns(draft),
        slug: await freeSlug(tx, draft.name),
        sku: await freeSku(tx, draft),
        images,
        categoryId: guessed,
        fbRetailerId: draft.retailerId,
        fbSyncedAt: syncedAt,
      };
      const [row] = await tx.insert(products).values(values).returning({ id: products.id });
      await recordAudit(tx, {
        userId: options.userId,
        entityType: "product",
        entityId: row.id,
        action: "import_create",
        details: {
          source: "meta",
          retailerId: draft.retailerId,
          after: { ...values, fbSyncedAt: syncedAt.toISOString() },
        },
      });
      return true;
    });
    if (created) {
      importCount++;
      if (guessed === null) uncategorisedCount++;
    }
  }
  if (unchanged.length) {
    for (let i = 0; i < unchanged.length; i += 1000) {
      await db.update(products).set({ fbSyncedAt: now() }).where(inArray(products.id, unchanged.slice(i, i + 1000)));
    }
  }
  const result = {
    importCount,
    updatedCount,
    unchangedCount: unchanged.length,
    skippedCount: skipped.length,
    uncategorisedCount,
  };
  return {
    message: summary(read.items.length, read.pages, read.truncated, result, skipped, imageFailures, imagesRefused),
    ...result,
  };
}

/** The result box's message (the count of new products has its own line, in the spec's words). */
function summary(
  read: number,
  pages: number,
  truncated: boolean,
  r: Omit<FacebookImportResult, "message">,
  skipped: string[],
  imageFailures: number,
  imagesRefused: number,
): string {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    `Read ${plural(read, "product")} from ${plural(pages, "page")} of the catalogue`,
    `${r.updatedCount} updated`,
    `${r.unchangedCount} unchanged`,
  ];
  if (r.skippedCount) {
    const shown = skipped.slice(0, 3).join("; ");
    parts.push(`${r.skippedCount} skipped (${shown}${skipped.length > 3 ? "; ..." : ""})`);
  }
  let text = `${parts.join(", ")}.`;
  if (r.uncategorisedCount) {
    text += ` ${plural(r.uncategorisedCount, "product has", "products have")} no category yet: ` +
      "no shop category matched, choose one in the product editor.";
  }
  if (imageFailures) text += ` ${plural(imageFailures, "image")} could not be downloaded.`;
  if (imagesRefused) {
    text += ` ${plural(imagesRefused, "image link points", "image links point")} at an internal address: refused.`;
  }
  if (truncated) text += " The catalogue is larger than one import reads: run the import again for the rest.";
  return text;
}

/**
 * Downloads and stores the images through the shop's storage; one that fails is left out, and one on
 * an internal address (lib/public_host.ts) is also counted as refused.
 */
async function storeImages(urls: string[], deps: ImportDeps): Promise<{ stored: string[]; refused: number }> {
  const stored: string[] = [];
  let refused = 0;
  for (const url of urls) {
    try {
      const bytes = await downloadImage(url, {
        fetch: deps.fetch,
        resolve: deps.resolveHost,
        maxBytes: MAX_IMAGE_BYTES,
        trustedOrigin: new URL(deps.meta.graphApiBase).origin,
      });
      stored.push((await ingestImage(deps.storage, "products", bytes)).url);
    } catch (err) {
      // Counted by the caller; the product is still imported.
      if (err instanceof InternalHostError) refused++;
    }
  }
  return { stored, refused };
}

async function freeSlug(tx: Db, name: string): Promise<string> {
  const base = (slugify(name) || "product").slice(0, 200).replace(/-+$/, "");
  const taken = new Set(
    (await tx.select({ slug: products.slug }).from(products)
      .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)))).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2;; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The retailer id as SKU when it is free (it usually is the shop's own SKU), else FB-{id}. */
async function freeSku(tx: Db, draft: Draft): Promise<string> {
  const wanted = [draft.retailerId.slice(0, 64), `FB-${draft.commerceId ?? draft.retailerId}`.slice(0, 64)];
  const taken = new Set(
    (await tx.select({ sku: products.sku }).from(products)
      .where(or(inArray(products.sku, wanted), like(products.sku, `${wanted[1].slice(0, 58)}-%`)))).map((r) => r.sku),
  );
  for (const sku of wanted) if (!taken.has(sku)) return sku;
  for (let n = 2;; n++) {
    const sku = `${wanted[1].slice(0, 58)}-${n}`;
    if (!taken.has(sku)) return sku;
  }
}
