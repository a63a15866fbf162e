/** Request shapes of a keeper's animals (zod): the spec-style messages a form shows beside a field. */
import { z } from "zod";
import { HABITATS, NEEDS } from "./rules.ts";

const today = () => new Date().toISOString().slice(0, 10);
const blankToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);

const speciesSlug = z.string({ error: "Please choose a species" }).trim().min(1, "Please choose a species")
  .max(80, "Unknown species: choose one of our species profiles");
const name = z.string({ error: "Please enter your animal's name" }).trim().min(1, "Please enter your animal's name")
  .max(60, "Names are at most 60 characters");
const acquiredOn = z.preprocess(
  blankToNull,
  z.iso.date({ error: "Date acquired must be a date (YYYY-MM-DD)" })
    .refine((d) => d <= today(), "Date acquired cannot be in the future")
    .nullable(),
);
const notes = z.preprocess(
  blankToNull,
  z.string().trim().max(1000, "Notes are at most 1000 characters").nullable(),
);

export const keeperAnimalBody = z.object({
  species: speciesSlug,
  name,
  acquiredOn: acquiredOn.optional(),
  notes: notes.optional(),
}).strict();

export const keeperAnimalPatch = z.object({
  species: speciesSlug.optional(),
  name: name.optional(),
  acquiredOn: acquiredOn.optional(),
  notes: notes.optional(),
}).strict().refine((p) => Object.values(p).some((v) => v !== undefined), "Nothing to change");

export type KeeperAnimalInput = z.output<typeof keeperAnimalBody>;
export type KeeperAnimalPatch = z.output<typeof keeperAnimalPatch>;

const celsius = z.number({ error: "Temperatures must be whole degrees" }).int("Temperatures must be whole degrees")
  .min(-10, "Temperatures must be between -10 and 60 °C").max(60, "Temperatures must be between -10 and 60 °C");
const percent = z.number({ error: "Percentages must be whole numbers" }).int().min(0, "Percentages are 0-100")
  .max(100, "Percentages are 0-100");
const cm = z.number({ error: "Sizes must be whole centimetres" }).int().min(5, "Sizes are 5-2000 cm").max(
  2000,
  "Sizes are 5-2000 cm",
);
const text = (label: string, max: number) =>
  z.string({ error: `Please enter the ${label}` }).trim().min(1, `Please enter the ${label}`)
    .max(max, `The ${label} is at most ${max} characters`);

/** A species profile as staff edit it (every field; the slug stays). Ranges run low to high. */
export const speciesBody = z.object({
  commonName: text("common name", 100),
  scientificName: text("scientific name", 120),
  nicknames: z.array(z.string().trim().toLowerCase().min(2).max(40)).max(12, "At most 12 nicknames"),
  adultSize: text("adult size", 120),
  lifespan: text("lifespan", 60),
  diet: text("diet", 1000),
  baskingMinC: celsius.nullable(),
  baskingMaxC: celsius.nullable(),
  warmMinC: celsius,
  warmMaxC: celsius,
  coolMinC: celsius,
  coolMaxC: celsius,
  nightMinC: celsius,
  nightMaxC: celsius,
  humidityMinPct: percent,
  humidityMaxPct: percent,
  uvbMinPct: percent.nullable(),
  uvbMaxPct: percent.nullable(),
  uvbZone: z.number().int().min(1, "The Ferguson zone is 1-4").max(4, "The Ferguson zone is 1-4").nullable(),
  enclosureLengthCm: cm,
  enclosureWidthCm: cm,
  enclosureHeightCm: cm,
  substrate: text("substrate", 1000),
  difficulty: z.enum(["beginner", "intermediate", "advanced"], {
    error: "Difficulty is beginner, intermediate or advanced",
  }),
  careSummary: text("care summary", 2000),
  legalNote: z.string().trim().max(1000, "The legal note is at most 1000 characters").nullable()
    .transform((v) => (v === "" ? null : v)),
}).strict().superRefine((s, ctx) => {
  const ranges: [string, number | null, number | null][] = [
    ["basking", s.baskingMinC, s.baskingMaxC],
    ["warm", s.warmMinC, s.warmMaxC],
    ["cool", s.coolMinC, s.coolMaxC],
    ["night", s.nightMinC, s.nightMaxC],
    ["humidity", s.humidityMinPct, s.humidityMaxPct],
    ["uvb", s.uvbMinPct, s.uvbMaxPct],
  ];
  for (const [name, lo, hi] of ranges) {
    if ((lo === null) !== (hi === null)) {
      ctx.addIssue({ code: "custom", path: [name], message: `Give both ends of the ${name} range, or neither` });
    } else if (lo !== null && hi !== null && lo > hi) {
      ctx.addIssue({ code: "custom", path: [name], message: `The ${name} range runs from low to high` });
    }
  }
  if ((s.uvbMinPct === null) !== (s.uvbZone === null)) {
    ctx.addIssue({
      code: "custom",
      path: ["uvbZone"],
      message: "A UVB range needs its Ferguson zone (and no UVB, none)",
    });
  }
});

export type SpeciesInput = z.output<typeof speciesBody>;

const ruleCm = (what: string) =>
  z.number({ error: `The ${what} must be whole centimetres` }).int(`The ${what} must be whole centimetres`)
    .min(5, `The ${what} is 5-2000 cm`).max(2000, `The ${what} is 5-2000 cm`).nullable();

/**
 * What one product (or one of its variants: `variantId`) does in an animal's setup, as staff edit it
 * (docs/animals.md): the need it covers and what the rules compare. Only an enclosure has a size and
 * only a UVB lamp a strength and tube length, so the checklist never reads a value that means nothing.
 */
export const productRuleBody = z.object({
  variantId: z.number({ error: "Choose one of this product's variants, or all of them" }).int()
    .min(1, "Choose one of this product's variants, or all of them")
    .max(2_147_483_647, "Choose one of this product's variants, or all of them").nullable(),
  need: z.enum(NEEDS, { error: "Choose the need this product covers" }),
  enclosureLengthCm: ruleCm("enclosure's length"),
  enclosureWidthCm: ruleCm("enclosure's width"),
  enclosureHeightCm: ruleCm("enclosure's height"),
  uvbPct: z.number({ error: "The UVB strength must be a whole percent" }).int(
    "The UVB strength must be a whole percent",
  )
    .min(1, "The UVB strength is 1-30%").max(30, "The UVB strength is 1-30%").nullable(),
  tubeLengthCm: ruleCm("tube's length"),
  habitats: z.array(z.enum(HABITATS, { error: "Unknown habitat" })).max(HABITATS.length)
    .transform((h) => HABITATS.filter((x) => h.includes(x))),
  speciesSlugs: z.array(z.string().trim().min(1, "Unknown species").max(80, "Unknown species")).max(
    50,
    "At most 50 species",
  ).transform((s) => [...new Set(s)].sort()),
  staffPick: z.boolean(),
  replacementMonths: z.number({ error: "Replace after a whole number of months" }).int(
    "Replace after a whole number of months",
  ).min(1, "Replace after 1-120 months").max(120, "Replace after 1-120 months").nullable(),
}).strict().superRefine((r, ctx) => {
  const size = [r.enclosureLengthCm, r.enclosureWidthCm, r.enclosureHeightCm];
  const sized = size.filter((v) => v !== null).length;
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (r.need === "enclosure" && sized < 3) {
    issue("enclosureLengthCm", "An enclosure needs its length, width and height");
  } else if (r.need !== "enclosure" && sized) {
    issue("enclosureLengthCm", "Only an enclosure has a size");
  }
  if (r.need === "uvb" && r.uvbPct === null) issue("uvbPct", "A UVB lamp needs its UVB strength");
  if (r.need !== "uvb" && r.uvbPct !== null) issue("uvbPct", "Only a UVB lamp has a UVB strength");
  if (r.need !== "uvb" && r.tubeLengthCm !== null) issue("tubeLengthCm", "Only a UVB lamp has a tube length");
});

export type ProductRuleInput = z.output<typeof productRuleBody>;
