/** Shapes of the animals domain. */
import type { Need } from "./rules.ts";

/** A species profile as the storefront reads it (temperatures °C, enclosure cm). */
export interface Species {
  id: number;
  slug: string;
  commonName: string;
  scientificName: string;
  nicknames: string[];
  group: string;
  habitat: string;
  arboreal: boolean;
  adultSize: string;
  lifespan: string;
  diet: string;
  dietType: string;
  baskingMinC: number | null;
  baskingMaxC: number | null;
  warmMinC: number;
  warmMaxC: number;
  coolMinC: number;
  coolMaxC: number;
  nightMinC: number;
  nightMaxC: number;
  humidityMinPct: number;
  humidityMaxPct: number;
  uvbMinPct: number | null;
  uvbMaxPct: number | null;
  uvbZone: number | null;
  enclosureLengthCm: number;
  enclosureWidthCm: number;
  enclosureHeightCm: number;
  substrate: string;
  difficulty: string;
  careSummary: string;
  legalNote: string | null;
}

/** What a setup rule says (table product_husbandry): the need it covers and what the rules compare. */
export interface Husbandry {
  need: Need;
  enclosureLengthCm: number | null;
  enclosureWidthCm: number | null;
  enclosureHeightCm: number | null;
  uvbPct: number | null;
  tubeLengthCm: number | null;
  /** The habitats it suits (HABITATS); empty: every habitat. */
  habitats: string[];
  /** Only for these species; empty: any species whose other rules pass. */
  speciesSlugs: string[];
  staffPick: boolean;
  replacementMonths: number | null;
}

/**
 * One sellable unit (a product, or one variant of it) with what it does in a setup: the need it
 * covers and the attributes the rules compare.
 */
export interface Unit extends Husbandry {
  productId: number;
  variantId: number | null;
  /** The product's name, with the variant's after a dash. */
  name: string;
  productSlug: string;
  image: string | null;
  priceCents: number;
  inStock: boolean;
}
