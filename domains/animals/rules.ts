/**
 * The setup checklist's rules (docs/animals.md), free of the database: which needs a species has,
 * whether a product (its husbandry attributes) suits a species and why not, which of the candidates
 * a checklist offers first, and what a cart covers.
 */
import type { Species, Unit } from "./types.ts";

export const NEEDS = [
  "enclosure",
  "heating",
  "thermostat",
  "uvb",
  "basking",
  "substrate",
  "decor",
  "water",
  "feeding",
  "supplements",
  "monitoring",
] as const;
export type Need = typeof NEEDS[number];

export const NEED_LABELS: Record<Need, string> = {
  enclosure: "Enclosure",
  heating: "Heating",
  thermostat: "Thermostat",
  uvb: "UVB lighting",
  basking: "Basking light",
  substrate: "Substrate",
  decor: "Hides and decor",
  water: "Water and humidity",
  feeding: "Feeding",
  supplements: "Supplements",
  monitoring: "Thermometer and hygrometer",
};

/** The habitats a species lives in and a product may be limited to (substrate, mesh cages, fans). */
export const HABITATS = ["desert", "arid", "savanna", "temperate", "tropical", "aquatic"] as const;
export type Habitat = typeof HABITATS[number];

/** A room in a South African home stays around this warm (°C); a species kept warmer needs heat. */
export const ROOM_C = 24;
/** A tube should light at least this share of the enclosure's length (and must fit inside it). */
export const TUBE_MIN_SHARE = 0.5;
/** The longest T5 tube made (cm): an enclosure over twice as long is lit over its basking half by one. */
export const LONGEST_TUBE_CM = 115;

export interface NeedSpec {
  need: Need;
  label: string;
  /** Part of a complete setup ('Add the essentials' adds these); an optional need only helps. */
  required: boolean;
  /** False when the species has no use for it (UVB for an axolotl, supplements for a snake). */
  useful: boolean;
  reason: string;
}

const range = (lo: number, hi: number, unit: string) => (lo === hi ? `${lo}${unit}` : `${lo}-${hi}${unit}`);
const dims = (l: number, w: number, h: number) => `${l}x${w}x${h} cm`;
const aquatic = (s: Species) => s.habitat === "aquatic";

/** The species' needs in checklist order, each with whether it is required and a short reason. */
export function needsFor(s: Species): NeedSpec[] {
  const name = s.commonName.toLowerCase();
  const out: NeedSpec[] = [];
  const add = (need: Need, required: boolean, reason: string, useful = true) =>
    out.push({ need, label: NEED_LABELS[need], required, useful: required || useful, reason });
  add(
    "enclosure",
    true,
    aquatic(s)
      ? `An aquarium of at least ${dims(s.enclosureLengthCm, s.enclosureWidthCm, s.enclosureHeightCm)} for one adult.`
      : `At least ${dims(s.enclosureLengthCm, s.enclosureWidthCm, s.enclosureHeightCm)} for one adult ${name}` +
        (s.arboreal ? ", taller than it is long: it climbs." : ", so it can move between warm and cool."),
  );
  const nightHeat = s.nightMinC > ROOM_C - 3;
  const dayHeat = s.baskingMinC === null && s.warmMinC > ROOM_C;
  if (aquatic(s)) {
    add(
      "heating",
      true,
      `No heater: the water must stay at ${range(s.coolMinC, s.warmMaxC, " °C")}, so a South African summer ` +
        "needs cooling.",
    );
  } else {
    add(
      "heating",
      nightHeat || dayHeat,
      nightHeat || dayHeat
        ? `A heat source that gives no light keeps it at ${range(s.warmMinC, s.warmMaxC, " °C")} by day and ` +
          `${range(s.nightMinC, s.nightMaxC, " °C")} at night.`
        : `Only needed when the room falls below ${range(s.nightMinC, s.nightMaxC, " °C")} at night.`,
    );
  }
  const heated = !aquatic(s) && (s.baskingMinC !== null || nightHeat || dayHeat);
  add(
    "thermostat",
    heated,
    heated
      ? "Every heat source runs on a thermostat: it stops burns and overheating."
      : aquatic(s)
      ? "A fan with its own thermostat is enough; no heat source to control."
      : "Only needed with a heat source.",
    !aquatic(s),
  );
  if (s.uvbMinPct !== null && s.uvbMaxPct !== null) {
    add(
      "uvb",
      true,
      `A ${range(s.uvbMinPct, s.uvbMaxPct, "%")} UVB tube (Ferguson zone ${s.uvbZone}) over ` +
        `${Math.round(TUBE_MIN_SHARE * 100)}-100% of the enclosure's length, replaced as the maker says.`,
    );
  } else {
    add("uvb", false, "No UVB lamp: it lives in water or shade.", false);
  }
  if (s.baskingMinC !== null && s.baskingMaxC !== null) {
    add("basking", true, `A basking spot of ${range(s.baskingMinC, s.baskingMaxC, " °C")} at one end.`);
  } else {
    add("basking", false, "No basking spot: it does not bask.", false);
  }
  const substrateOptional = aquatic(s) || (s.arboreal && s.group === "lizard");
  add("substrate", !substrateOptional, s.substrate);
  add(
    "decor",
    true,
    s.arboreal ? "Branches, vines and plants to climb and hide in." : "A hide at the warm end and one at the cool end.",
  );
  add(
    "water",
    true,
    aquatic(s)
      ? "Dechlorinated water: tap water's chlorine and chloramine harm amphibians."
      : `Clean water every day and ${range(s.humidityMinPct, s.humidityMaxPct, "%")} humidity.`,
  );
  add("feeding", true, s.diet);
  add(
    "supplements",
    s.dietType !== "carnivore",
    s.dietType === "carnivore"
      ? "Whole prey carries its own calcium: no supplements needed."
      : "Calcium (with D3 as the label says) and a multivitamin dusted on food prevent metabolic bone disease.",
    s.dietType !== "carnivore",
  );
  add(
    "monitoring",
    true,
    aquatic(s)
      ? "A thermometer shows the water is cool enough."
      : "A thermometer and hygrometer show the gradient and humidity are right.",
  );
  return out;
}

/** What a rule check says about one product for one species: fits, or not with a reason. */
export interface Fit {
  ok: boolean;
  notes: string[];
}

/** The size of the enclosure the checklist sizes tubes for (the shopper's, or the one it offers). */
export interface FitContext {
  /** Null: tube length is not judged (a product page's 'suitable for' asks about strength only). */
  enclosureLengthCm: number | null;
}

/**
 * Whether a unit suits the species: made for it (species list), for its habitat, big enough (each of
 * length, width and height at least the adult minimum), the right UVB strength for its zone, and a
 * tube that fits inside the enclosure and lights at least half its length.
 */
export function fits(s: Species, u: Unit, ctx: FitContext): Fit {
  const notes: string[] = [];
  const name = s.commonName.toLowerCase();
  if (u.speciesSlugs.length && !u.speciesSlugs.includes(s.slug)) {
    notes.push(`${u.name} is made for other species, not the ${name}.`);
  }
  if (u.habitats.length && !u.habitats.includes(s.habitat)) {
    notes.push(`${u.name} suits ${u.habitats.join(", ")} set-ups; the ${name} needs a ${s.habitat} one.`);
  }
  if (u.need === "enclosure" && u.enclosureLengthCm !== null) {
    const l = u.enclosureLengthCm, w = u.enclosureWidthCm ?? 0, h = u.enclosureHeightCm ?? 0;
    if (l < s.enclosureLengthCm || w < s.enclosureWidthCm || h < s.enclosureHeightCm) {
      notes.push(
        `A ${dims(l, w, h)} enclosure is smaller than the ` +
          `${dims(s.enclosureLengthCm, s.enclosureWidthCm, s.enclosureHeightCm)} an adult ${name} needs.`,
      );
    }
  }
  if (u.need === "uvb" && u.uvbPct !== null) {
    if (s.uvbMinPct === null || s.uvbMaxPct === null) {
      notes.push(`The ${name} needs no UVB lamp.`);
    } else if (u.uvbPct < s.uvbMinPct) {
      notes.push(
        `A ${u.uvbPct}% UVB tube is too weak for the ${name} (Ferguson zone ${s.uvbZone}), which needs ` +
          `${range(s.uvbMinPct, s.uvbMaxPct, "%")}.`,
      );
    } else if (u.uvbPct > s.uvbMaxPct) {
      notes.push(
        `A ${u.uvbPct}% UVB tube is too strong for the ${name} (Ferguson zone ${s.uvbZone}), which needs ` +
          `${range(s.uvbMinPct, s.uvbMaxPct, "%")}.`,
      );
    }
  }
  if (u.need === "uvb" && u.tubeLengthCm !== null && ctx.enclosureLengthCm !== null) {
    if (u.tubeLengthCm > ctx.enclosureLengthCm) {
      notes.push(`A ${u.tubeLengthCm} cm tube does not fit a ${ctx.enclosureLengthCm} cm long enclosure.`);
    } else if (u.tubeLengthCm < Math.min(ctx.enclosureLengthCm * TUBE_MIN_SHARE, LONGEST_TUBE_CM)) {
      notes.push(`A ${u.tubeLengthCm} cm tube lights less than half of a ${ctx.enclosureLengthCm} cm long enclosure.`);
    }
  }
  return { ok: notes.length === 0, notes };
}

/**
 * The order a checklist offers fitting products in: enclosures smallest first (the least that is
 * enough; a staff pick breaks a tie), everything else staff picks first, then cheapest; in stock
 * always before out of stock.
 */
export function offerOrder(a: Unit, b: Unit): number {
  if (a.inStock !== b.inStock) return a.inStock ? -1 : 1;
  if (a.need === "enclosure" && b.need === "enclosure") {
    const va = (a.enclosureLengthCm ?? 0) * (a.enclosureWidthCm ?? 0) * (a.enclosureHeightCm ?? 0);
    const vb = (b.enclosureLengthCm ?? 0) * (b.enclosureWidthCm ?? 0) * (b.enclosureHeightCm ?? 0);
    if (va !== vb) return va - vb;
  }
  if (a.staffPick !== b.staffPick) return a.staffPick ? -1 : 1;
  return a.priceCents - b.priceCents || a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0);
}

export type Coverage = "covered" | "unsuitable" | "missing";

export interface NeedCoverage {
  status: Coverage;
  /** Why an item in the cart does not suit (empty when covered or missing). */
  notes: string[];
  /** The cart's items that cover it. */
  covering: string[];
}

/**
 * What the shopper's units (a cart, or what a keeper bought) do for one need: covered when one of
 * them fits; unsuitable (with each misfit's reasons) when some are for this need but none fits;
 * missing otherwise.
 */
export function coverage(s: Species, need: Need, owned: Unit[], ctx: FitContext): NeedCoverage {
  const forNeed = owned.filter((u) => u.need === need);
  const fitting = forNeed.filter((u) => fits(s, u, ctx).ok);
  if (fitting.length) return { status: "covered", notes: [], covering: fitting.map((u) => u.name) };
  if (forNeed.length) {
    return { status: "unsuitable", notes: forNeed.flatMap((u) => fits(s, u, ctx).notes), covering: [] };
  }
  return { status: "missing", notes: [], covering: [] };
}

/**
 * The enclosure length tubes are sized for: the shopper's own enclosure when it suits the species,
 * else the enclosure the checklist offers first, else the species' minimum.
 */
export function referenceLength(s: Species, owned: Unit[], offered: Unit | undefined): number {
  const own = owned.filter((u) => u.need === "enclosure" && fits(s, u, { enclosureLengthCm: null }).ok)
    .sort((a, b) => (a.enclosureLengthCm ?? 0) - (b.enclosureLengthCm ?? 0))[0];
  return own?.enclosureLengthCm ?? offered?.enclosureLengthCm ?? s.enclosureLengthCm;
}
