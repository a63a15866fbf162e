/**
 * The Meta (Facebook) catalogue import behind the spec's Facebook Commerce tab. The import reads
 * the whole catalogue first (no database work while waiting on Facebook), then writes each product
 * in its own short transaction with its audit entry, keyed by the Meta retailer id: a second import
 * of the same catalogue creates nothing and updates what changed.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { categories, products } from "../db/schema/mod.ts";
import { changedFields, recordAudit } from "../domains/admin_audit/mod.ts";
import { recordStockMovements } from "../domains/stock_history/mod.ts";
import type { FileStorage } from "../lib/storage.ts";
import type { ResolveHost } from "../lib/public_host.ts";
import { AppError, ConflictError, ValidationError } from "../lib/errors.ts";
import { GraphRefusedError, readCatalogue } from "../domains/social_import/graph.ts";
import { categoryMatcher } from "../domains/social_import/categorise.ts";
import type { FacebookImportResult } from "../domains/social_import/schemas.ts";
import { TOKEN_REQUIRED } from "../domains/social_import/texts.ts";
import { type Draft, draftOf, importedColumns } from "../domains/social_import/drafts.ts";
import { freeSku, freeSlug, storeImages } from "./import_meta_catalogue_products.ts";
import { type MetaConfig, remember, savedToken } from "../domains/social_import/settings.ts";
import { summary } from "../domains/social_import/summary.ts";

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

/**
 * What the import keeps of one product it wrote: the stock movement (when `stock` moved it, noted
 * "Meta catalogue") and the audit entry, both by the staff member who ran it.
 */
async function recordImported(
  tx: Db,
  { productId, draft, stock, userId, at }: {
    productId: number;
    draft: Draft;
    stock: { delta: number; after: number } | null;
    userId: number;
    at: Date;
  },
  audit: { action: "import_create" | "import_update"; details: Record<string, unknown> },
) {
  if (stock) {
    await recordStockMovements(tx, [{
      productId,
      variantId: null,
      delta: stock.delta,
      stockAfter: stock.after,
      note: "Meta catalogue",
    }], { reason: "import", actorUserId: userId, at });
  }
  await recordAudit(tx, {
    userId,
    entityType: "product",
    entityId: productId,
    action: audit.action,
    details: { source: "meta", retailerId: draft.retailerId, ...audit.details },
  });
}

/**
 * Imports the configured catalogue. Errors: no catalogue configured (409), no token (400), Facebook
 * refused the token or catalogue (422 with its message); Facebook unreachable throws
 * GraphUnavailableError (502). The outcome is kept for the tab's result box.
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
        // A new stock figure enters the stock history as an import; the row is locked first so the
        // difference is taken from the stock as it is now, not as it was read before the transaction.
        const [held] = "stock" in set
          ? await tx.select({ stock: products.stock }).from(products).where(eq(products.id, found.id)).for("update")
          : [];
        const [written] = await tx.update(products).set({ ...set, fbSyncedAt: syncedAt, updatedAt: syncedAt })
          .where(eq(products.id, found.id)).returning({ stock: products.stock });
        const moved = held ? { delta: written.stock - held.stock, after: written.stock } : null;
        await recordImported(tx, { productId: found.id, draft, stock: moved, userId: options.userId, at: syncedAt }, {
          action: "import_update",
          details: { changes },
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
      const [row] = await tx.insert(products).values(values).returning({ id: products.id, stock: products.stock });
      const stock = { delta: row.stock, after: row.stock };
      await recordImported(tx, { productId: row.id, draft, stock, userId: options.userId, at: syncedAt }, {
        action: "import_create",
        details: { after: { ...values, fbSyncedAt: syncedAt.toISOString() } },
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
