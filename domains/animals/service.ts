/**
 * Species profiles and setup checklists (docs/animals.md): reads of the species table, the products
 * that serve each need (prefiltered by the database, judged by rules.ts), and what a cart covers.
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { cartItems, productHusbandry, products, productVariants, species } from "../../db/schema/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { pick } from "../../lib/pick.ts";
import type { CartOwner } from "../cart/mod.ts";
import { onStorefront } from "../catalog/mod.ts";
import { coverage, fits, type Need, type NeedCoverage, NEEDS, needsFor, offerOrder, referenceLength } from "./rules.ts";
import type { Species, Unit } from "./types.ts";

export const SPECIES_NOT_FOUND = "Species not found";
/** How many fitting products a checklist shows for one need. */
export const OFFERS_PER_NEED = 3;
/** How many candidates per need the database hands the rules (bounded whatever the catalogue's size). */
const CANDIDATES_PER_NEED = 24;

const speciesColumns = {
  id: species.id,
  slug: species.slug,
  commonName: species.commonName,
  scientificName: species.scientificName,
  nicknames: species.nicknames,
  group: species.group,
  habitat: species.habitat,
  arboreal: species.arboreal,
  adultSize: species.adultSize,
  lifespan: species.lifespan,
  diet: species.diet,
  dietType: species.dietType,
  baskingMinC: species.baskingMinC,
  baskingMaxC: species.baskingMaxC,
  warmMinC: species.warmMinC,
  warmMaxC: species.warmMaxC,
  coolMinC: species.coolMinC,
  coolMaxC: species.coolMaxC,
  nightMinC: species.nightMinC,
  nightMaxC: species.nightMaxC,
  humidityMinPct: species.humidityMinPct,
  humidityMaxPct: species.humidityMaxPct,
  uvbMinPct: species.uvbMinPct,
  uvbMaxPct: species.uvbMaxPct,
  uvbZone: species.uvbZone,
  enclosureLengthCm: species.enclosureLengthCm,
  enclosureWidthCm: species.enclosureWidthCm,
  enclosureHeightCm: species.enclosureHeightCm,
  substrate: species.substrate,
  difficulty: species.difficulty,
  careSummary: species.careSummary,
  legalNote: species.legalNote,
};

/** Every species profile, in the staff's display order. */
export async function listSpecies(db: Db): Promise<Species[]> {
  return await db.select(speciesColumns).from(species).orderBy(asc(species.position), asc(species.commonName));
}

/** One profile by its slug; NotFoundError 'Species not found' for an unknown one. */
export async function getSpecies(db: Db, slug: string): Promise<Species> {
  const [row] = await db.select(speciesColumns).from(species).where(eq(species.slug, slug));
  if (!row) throw new NotFoundError(SPECIES_NOT_FOUND);
  return row;
}

/** What a setup rule says (product_husbandry): the need and what the rules compare. */
export const husbandryColumns = {
  need: productHusbandry.need,
  enclosureLengthCm: productHusbandry.enclosureLengthCm,
  enclosureWidthCm: productHusbandry.enclosureWidthCm,
  enclosureHeightCm: productHusbandry.enclosureHeightCm,
  uvbPct: productHusbandry.uvbPct,
  tubeLengthCm: productHusbandry.tubeLengthCm,
  habitats: productHusbandry.habitats,
  speciesSlugs: productHusbandry.speciesSlugs,
  staffPick: productHusbandry.staffPick,
  replacementMonths: productHusbandry.replacementMonths,
};

const unitColumns = {
  productId: products.id,
  variantId: productVariants.id,
  productName: products.name,
  variantName: productVariants.name,
  productSlug: products.slug,
  images: products.images,
  ...husbandryColumns,
  price: sql<
    string
  >`coalesce(${productVariants.salePrice}, ${productVariants.price}, ${products.salePrice}, ${products.price})`,
  stock: sql<number>`coalesce(${productVariants.stock}, ${products.stock})`,
};

/** A unit as read: the product's and variant's names apart, every image, the price as text. */
type UnitRow = Omit<Unit, "name" | "image" | "need" | "priceCents" | "inStock"> & {
  productName: string;
  variantName: string | null;
  images: string[];
  need: string;
  price: string;
  stock: number;
};

function toUnit(r: UnitRow): Unit {
  return {
    productId: r.productId,
    variantId: r.variantId,
    name: r.variantName ? `${r.productName} - ${r.variantName}` : r.productName,
    productSlug: r.productSlug,
    image: r.images[0] ?? null,
    need: r.need as Need,
    enclosureLengthCm: r.enclosureLengthCm,
    enclosureWidthCm: r.enclosureWidthCm,
    enclosureHeightCm: r.enclosureHeightCm,
    uvbPct: r.uvbPct,
    tubeLengthCm: r.tubeLengthCm,
    habitats: r.habitats,
    speciesSlugs: r.speciesSlugs,
    staffPick: r.staffPick,
    replacementMonths: r.replacementMonths,
    priceCents: toCents(r.price) ?? 0,
    inStock: Number(r.stock) > 0,
  };
}

/**
 * A husbandry row is for one variant, or for the whole product: then each of its variants is a unit
 * of its own (a lamp in 50, 75 and 100 W), and a product without variants is one unit.
 */
const variantOfRow = or(
  eq(productVariants.id, productHusbandry.variantId),
  and(isNull(productHusbandry.variantId), eq(productVariants.productId, productHusbandry.productId)),
);

/** The husbandry units the database passes for a species before the rules judge them (bounded). */
function prefilter(s: Species): SQL {
  const habitatOk = sql`(${productHusbandry.habitats} = '[]'::jsonb or ${productHusbandry.habitats} ? ${s.habitat})`;
  const speciesOk =
    sql`(${productHusbandry.speciesSlugs} = '[]'::jsonb or ${productHusbandry.speciesSlugs} ? ${s.slug})`;
  const sizeOk = or(
    isNull(productHusbandry.enclosureLengthCm),
    and(
      gte(productHusbandry.enclosureLengthCm, s.enclosureLengthCm),
      gte(productHusbandry.enclosureWidthCm, s.enclosureWidthCm),
      gte(productHusbandry.enclosureHeightCm, s.enclosureHeightCm),
    ),
  );
  const uvbOk = s.uvbMinPct === null || s.uvbMaxPct === null ? isNull(productHusbandry.uvbPct) : or(
    isNull(productHusbandry.uvbPct),
    and(gte(productHusbandry.uvbPct, s.uvbMinPct), lte(productHusbandry.uvbPct, s.uvbMaxPct)),
  );
  return and(habitatOk, speciesOk, sizeOk, uvbOk)!;
}

/**
 * In-stock storefront units that may serve the species: one bounded query a need (at most
 * CANDIDATES_PER_NEED, staff picks and the cheapest first), so a large catalogue costs no more.
 */
async function candidates(db: Db, s: Species): Promise<Unit[]> {
  const perNeed = await Promise.all(NEEDS.map((need) =>
    db.select(unitColumns).from(productHusbandry)
      .innerJoin(products, eq(products.id, productHusbandry.productId))
      .leftJoin(productVariants, variantOfRow)
      .where(and(
        eq(productHusbandry.need, need),
        onStorefront(),
        prefilter(s),
        gt(unitColumns.stock, 0),
        // A product sold as variants is bought as one of them: never as the bare product.
        or(
          sql`${productVariants.id} is not null`,
          sql`not exists (select 1 from ${productVariants} pv where pv.product_id = ${products.id})`,
        ),
      ))
      .orderBy(desc(productHusbandry.staffPick), asc(unitColumns.price), asc(products.id), asc(productVariants.id))
      .limit(CANDIDATES_PER_NEED)
  ));
  return perNeed.flat().map((r) => toUnit(r as UnitRow));
}

/**
 * The in-stock units that may serve the species (the database's bounded pre-filter), the same for
 * every shopper: a route may keep them briefly and hand them to setupChecklist.
 */
export function speciesCandidates(db: Db, s: Species): Promise<Unit[]> {
  return candidates(db, s);
}

/** The husbandry units in a cart (every need each line serves). */
export async function cartUnits(db: Db, owner: CartOwner | null): Promise<Unit[]> {
  if (!owner) return [];
  const ownerIs = "userId" in owner ? eq(cartItems.userId, owner.userId) : eq(cartItems.sessionId, owner.sessionId);
  const rows = await db.select(unitColumns).from(cartItems)
    .innerJoin(productHusbandry, eq(productHusbandry.productId, cartItems.productId))
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .where(and(
      ownerIs,
      or(isNull(productHusbandry.variantId), eq(productHusbandry.variantId, cartItems.variantId)),
    ));
  return rows.map((r) => toUnit(r as UnitRow));
}

/** The husbandry units of bought (or otherwise owned) product lines, every need each serves. */
export async function unitsOfLines(db: Db, lines: { productId: number; variantId: number | null }[]): Promise<Unit[]> {
  if (!lines.length) return [];
  const rows = await db.select(unitColumns).from(productHusbandry)
    .innerJoin(products, eq(products.id, productHusbandry.productId))
    .leftJoin(productVariants, variantOfRow)
    .where(inArray(productHusbandry.productId, [...new Set(lines.map((l) => l.productId))]));
  // A row for one variant counts when that variant was bought; a product-wide row for any of them.
  return rows.filter((r) =>
    lines.some((l) => l.productId === r.productId && (r.variantId === null || l.variantId === r.variantId))
  ).map((r) => toUnit(r as UnitRow));
}

/** A product a checklist offers for a need: the unit as a shopper sees it. */
export type OfferedProduct = Pick<
  Unit,
  "productId" | "variantId" | "name" | "productSlug" | "image" | "priceCents" | "staffPick"
>;

export interface ChecklistNeed {
  need: Need;
  label: string;
  required: boolean;
  reason: string;
  products: OfferedProduct[];
  /** Present when the checklist was read against the shopper's cart. */
  coverage?: NeedCoverage;
}

export interface Checklist {
  species: Species;
  /** The enclosure length tube sizes were judged against (cm). */
  enclosureLengthCm: number;
  needs: ChecklistNeed[];
  /** The first offered product of every required need the cart does not cover: 'Add the essentials'. */
  essentials: OfferedProduct[];
  /** Required needs still missing or unsuitable (null without a cart). */
  gaps: number | null;
}

function offered(u: Unit): OfferedProduct {
  return pick(u, ["productId", "variantId", "name", "productSlug", "image", "priceCents", "staffPick"]);
}

/**
 * The species' setup checklist: each need with its reason and the fitting in-stock products, sized
 * to the shopper's enclosure when the cart holds one that suits. With `owned` (the cart's units) each
 * need also says covered, unsuitable (and why) or missing, and the essentials leave out what is covered.
 */
export async function setupChecklist(
  db: Db,
  s: Species,
  owned: Unit[] | null = null,
  /** The species' candidates when the caller keeps them (speciesCandidates); read here otherwise. */
  candidatePool?: Unit[],
): Promise<Checklist> {
  const pool = [...(candidatePool ?? await candidates(db, s))].sort(offerOrder);
  const byNeed = new Map<Need, Unit[]>(NEEDS.map((n) => [n, []]));
  for (const u of pool) byNeed.get(u.need)?.push(u);
  const enclosures = byNeed.get("enclosure")!.filter((u) => fits(s, u, { enclosureLengthCm: null }).ok);
  const length = referenceLength(s, owned ?? [], enclosures[0]);
  const ctx = { enclosureLengthCm: length };
  const needs: ChecklistNeed[] = needsFor(s).map((spec) => {
    const fitting = byNeed.get(spec.need)!.filter((u) => fits(s, u, ctx).ok).slice(0, OFFERS_PER_NEED);
    const item: ChecklistNeed = { ...spec, products: fitting.map(offered) };
    if (owned) item.coverage = coverage(s, spec.need, owned, ctx);
    return item;
  });
  const essentials = needs.filter((n) => n.required && n.products.length && n.coverage?.status !== "covered")
    .map((n) => n.products[0]);
  const gaps = owned ? needs.filter((n) => n.required && n.coverage?.status !== "covered").length : null;
  return { species: s, enclosureLengthCm: length, needs, essentials, gaps };
}

// Prepared: every uncached product page reads it.
const unitsOfProduct = preparedQuery((db) =>
  db.select(unitColumns).from(productHusbandry)
    .innerJoin(products, eq(products.id, productHusbandry.productId))
    .leftJoin(productVariants, variantOfRow)
    .where(eq(productHusbandry.productId, sql.placeholder("productId"))).prepare("husbandry_units_of")
);

/** The species a product suits: every species for which one of its units passes the rules (tube length aside). */
export async function suitableSpecies(db: Db, productId: number): Promise<Species[]> {
  const rows = await unitsOfProduct(db).execute({ productId });
  if (!rows.length) return [];
  const units = rows.map((r) => toUnit(r as UnitRow));
  const all = await listSpecies(db);
  return all.filter((s) =>
    units.some((u) =>
      fits(s, u, { enclosureLengthCm: null }).ok && needsFor(s).some((n) => n.need === u.need && n.useful)
    )
  );
}

/** Slugs of the species whose names, scientific name or nicknames a search's words name. */
export function speciesMatching(all: Species[], query: string): Species[] {
  const q = ` ${query.toLowerCase().replace(/[^a-z0-9' ]+/g, " ").replace(/\s+/g, " ").trim()} `;
  if (q.trim().length < 2) return [];
  return all.filter((s) =>
    [s.commonName, s.scientificName, s.slug.replaceAll("-", " "), ...s.nicknames]
      .map((n) => n.toLowerCase().replace(/[^a-z0-9' ]+/g, " ").replace(/\s+/g, " ").trim())
      .some((n) => n.length >= 2 && (q.includes(` ${n} `) || ` ${n} `.includes(q)))
  );
}

/** The product ids of the species' fitting units, for a listing filtered by `?animal=` (bounded). */
export async function productIdsFor(db: Db, s: Species): Promise<number[]> {
  const pool = await candidates(db, s);
  const needed = new Set(needsFor(s).filter((n) => n.useful).map((n) => n.need));
  return [
    ...new Set(
      pool.filter((u) => needed.has(u.need) && fits(s, u, { enclosureLengthCm: null }).ok).map((u) => u.productId),
    ),
  ];
}
