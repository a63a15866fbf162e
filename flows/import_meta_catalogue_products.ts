/**
 * What a product new to the shop needs beyond the catalogue's own fields: its images stored
 * through the shop's storage, and a free slug and SKU.
 */
import { eq, inArray, like, or } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { products } from "../db/schema/mod.ts";
import { ingestImage, MAX_IMAGE_BYTES } from "../domains/media/mod.ts";
import { InternalHostError } from "../lib/public_host.ts";
import { slugify } from "../lib/ids.ts";
import { downloadImage } from "../domains/social_import/graph.ts";
import type { Draft } from "../domains/social_import/drafts.ts";
import type { ImportDeps } from "./import_meta_catalogue.ts";

/**
 * Downloads and stores the images through the shop's storage; one that fails is left out, and one on
 * an internal address (lib/public_host.ts) is also counted as refused.
 */
export async function storeImages(urls: string[], deps: ImportDeps): Promise<{ stored: string[]; refused: number }> {
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

/** The name's slug, or the first free slug-N. */
export async function freeSlug(tx: Db, name: string): Promise<string> {
  const base = (slugify(name) || "product").slice(0, 200).replace(/-+$/, "");
  const taken = new Set(
    (await tx.select({ slug: products.slug }).from(products)
      .where(or(eq(products.slug, base), like(products.slug, `${base}-%`)))).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2;; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The retailer id as SKU when it is free (it usually is the shop's own SKU), else FB-{id}. */
export async function freeSku(tx: Db, draft: Draft): Promise<string> {
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
