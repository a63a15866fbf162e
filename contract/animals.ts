/** The animals API's shapes (docs/animals.md): species profiles and setup checklists. */
import { z } from "zod";
import { cartSchema } from "./cart.ts";
import { HABITATS, NEEDS } from "../domains/animals/rules.ts";

/** The needs of a setup, in checklist order: the rules' own list (a pure module, no database). */
export const NEED_KEYS = NEEDS;

const range = z.object({ min: z.number().int(), max: z.number().int() });

export const speciesSummary = z.object({
  slug: z.string(),
  commonName: z.string(),
  scientificName: z.string(),
  group: z.string(),
  difficulty: z.string(),
  adultSize: z.string(),
  url: z.string(),
});

export const speciesProfile = speciesSummary.extend({
  nicknames: z.array(z.string()),
  habitat: z.string(),
  arboreal: z.boolean(),
  lifespan: z.string(),
  diet: z.string(),
  dietType: z.string(),
  temperaturesC: z.object({ basking: range.nullable(), warm: range, cool: range, night: range }),
  humidityPct: range,
  uvb: z.object({ minPercent: z.number().int(), maxPercent: z.number().int(), fergusonZone: z.number().int() })
    .nullable(),
  minimumEnclosureCm: z.object({ length: z.number().int(), width: z.number().int(), height: z.number().int() }),
  substrate: z.string(),
  careSummary: z.string(),
  legalNote: z.string().nullable(),
});

export const offeredProduct = z.object({
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  name: z.string(),
  url: z.string(),
  price: z.number(),
  staffPick: z.boolean(),
});

export const setupChecklist = z.object({
  species: speciesSummary,
  /** The enclosure length (cm) tube sizes were judged against: the cart's enclosure, the one offered, or the minimum. */
  enclosureLengthCm: z.number().int(),
  needs: z.array(z.object({
    need: z.enum(NEED_KEYS),
    label: z.string(),
    required: z.boolean(),
    reason: z.string(),
    products: z.array(offeredProduct),
    /** For the visitor's cart: covered, unsuitable (with notes) or missing; null without a cart. */
    status: z.enum(["covered", "unsuitable", "missing"]).nullable(),
    notes: z.array(z.string()),
    covering: z.array(z.string()),
  })),
  essentials: z.array(offeredProduct),
  /** Required needs the cart does not cover; null when there is no cart to judge. */
  gaps: z.number().int().nullable(),
});

export const addEssentialsOutput = z.object({
  added: z.array(z.object({ productId: z.number().int(), variantId: z.number().int().nullable(), name: z.string() })),
  /** Essentials that could not be added (sold out meanwhile), with the reason. */
  skipped: z.array(z.object({ name: z.string(), message: z.string() })),
  cart: cartSchema,
});

/** One of a keeper's animals, with what its setup still lacks (judged against their paid orders and cart). */
export const keeperAnimal = z.object({
  id: z.number().int(),
  name: z.string(),
  species: z.object({ slug: z.string(), commonName: z.string(), url: z.string() }),
  acquiredOn: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  setup: z.object({
    /** Required needs neither bought nor in the cart (or bought but unsuitable). */
    gaps: z.number().int(),
    lacking: z.array(z.object({ need: z.enum(NEED_KEYS), label: z.string(), notes: z.array(z.string()) })),
  }),
});

export const keeperAnimalList = z.array(keeperAnimal);
export const deleteKeeperAnimalOutput = z.object({ success: z.literal(true), message: z.string() });

/** What one product (or one variant of it) does in a setup, as staff edit it (docs/animals.md). */
export const productRule = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** null: the rule stands for every variant of the product. */
  variantId: z.number().int().nullable(),
  variantName: z.string().nullable(),
  need: z.enum(NEED_KEYS),
  enclosureLengthCm: z.number().int().nullable(),
  enclosureWidthCm: z.number().int().nullable(),
  enclosureHeightCm: z.number().int().nullable(),
  uvbPct: z.number().int().nullable(),
  tubeLengthCm: z.number().int().nullable(),
  habitats: z.array(z.enum(HABITATS)),
  speciesSlugs: z.array(z.string()),
  staffPick: z.boolean(),
  replacementMonths: z.number().int().nullable(),
  updatedAt: z.string(),
});

export const productRuleList = z.object({ productId: z.number().int(), rules: z.array(productRule) });
