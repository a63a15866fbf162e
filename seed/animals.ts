/**
 * Seeds the species profiles (species.ts) and what the demo products do in a setup (husbandry.ts).
 * Idempotent: rows that exist are kept as staff left them.
 */
import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { productHusbandry, products, productVariants, species } from "../db/schema/mod.ts";
import { seedHusbandry } from "./husbandry.ts";
import { type SeedSpecies, seedSpecies } from "./species.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The table row of a seed profile. */
export function speciesRow(s: SeedSpecies, position: number) {
  return {
    slug: s.slug,
    commonName: s.commonName,
    scientificName: s.scientificName,
    nicknames: s.nicknames,
    group: s.group,
    habitat: s.habitat,
    arboreal: s.arboreal,
    adultSize: s.adultSize,
    lifespan: s.lifespan,
    diet: s.diet,
    dietType: s.dietType,
    baskingMinC: s.basking?.[0] ?? null,
    baskingMaxC: s.basking?.[1] ?? null,
    warmMinC: s.warm[0],
    warmMaxC: s.warm[1],
    coolMinC: s.cool[0],
    coolMaxC: s.cool[1],
    nightMinC: s.night[0],
    nightMaxC: s.night[1],
    humidityMinPct: s.humidity[0],
    humidityMaxPct: s.humidity[1],
    uvbMinPct: s.uvb?.minPct ?? null,
    uvbMaxPct: s.uvb?.maxPct ?? null,
    uvbZone: s.uvb?.zone ?? null,
    enclosureLengthCm: s.enclosure[0],
    enclosureWidthCm: s.enclosure[1],
    enclosureHeightCm: s.enclosure[2],
    substrate: s.substrate,
    difficulty: s.difficulty,
    careSummary: s.careSummary,
    legalNote: s.legalNote,
    position,
  };
}

/** Inserts the profiles and the products' husbandry rows that are missing (inside the seed's transaction). */
export async function seedAnimals(tx: Tx | Db): Promise<void> {
  await tx.insert(species).values(seedSpecies.map((s, i) => speciesRow(s, i + 1))).onConflictDoNothing();
  const slugs = [...new Set(seedHusbandry.map((h) => h.product))];
  const rows = await tx.select({ id: products.id, slug: products.slug }).from(products).where(
    inArray(products.slug, slugs),
  );
  const productId = new Map(rows.map((r) => [r.slug, r.id]));
  const skus = seedHusbandry.flatMap((h) => (h.variant ? [h.variant] : []));
  const variants = skus.length
    ? await tx.select({ id: productVariants.id, sku: productVariants.sku }).from(productVariants)
      .where(inArray(productVariants.sku, skus))
    : [];
  const variantId = new Map(variants.map((v) => [v.sku, v.id]));
  const values = seedHusbandry.flatMap((h) => {
    const pid = productId.get(h.product);
    const vid = h.variant ? variantId.get(h.variant) : null;
    // A product (or variant) that is not in this database (a trimmed catalogue) is skipped.
    if (pid === undefined || vid === undefined) return [];
    return [{
      productId: pid,
      variantId: vid,
      need: h.need,
      enclosureLengthCm: h.enclosure?.[0] ?? null,
      enclosureWidthCm: h.enclosure?.[1] ?? null,
      enclosureHeightCm: h.enclosure?.[2] ?? null,
      uvbPct: h.uvbPct ?? null,
      tubeLengthCm: h.tubeLengthCm ?? null,
      habitats: h.habitats ?? [],
      speciesSlugs: h.species ?? [],
      staffPick: h.staffPick ?? false,
      replacementMonths: h.replacementMonths ?? null,
    }];
  });
  if (values.length) await tx.insert(productHusbandry).values(values).onConflictDoNothing();
}
