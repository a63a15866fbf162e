/**
 * What the demo catalogue's products do in an animal's setup (docs/animals.md): one row per product
 * or variant and need, with the attributes the setup checklist's rules compare with a species.
 * Enclosures are [length, width, height] cm; UVB is the tube's percent and length in cm.
 */
import type { Habitat } from "./species.ts";

export type Need =
  | "enclosure"
  | "heating"
  | "thermostat"
  | "uvb"
  | "basking"
  | "substrate"
  | "decor"
  | "water"
  | "feeding"
  | "supplements"
  | "monitoring";

export interface SeedHusbandry {
  product: string;
  /** The variant's SKU when the row is for one variant. */
  variant?: string;
  need: Need;
  enclosure?: [number, number, number];
  uvbPct?: number;
  tubeLengthCm?: number;
  habitats?: Habitat[];
  species?: string[];
  staffPick?: boolean;
  replacementMonths?: number;
}

/** Every habitat but water: what a terrarium, a heat lamp or a hide suits. */
const LAND: Habitat[] = ["desert", "arid", "savanna", "temperate", "tropical"];
const DRY: Habitat[] = ["desert", "arid"];
const HUMID: Habitat[] = ["savanna", "temperate", "tropical"];
/** The species that eat live insects: insect-keeping and gut-loading kit is for them. */
const INSECT_EATERS = [
  "bearded-dragon",
  "leopard-gecko",
  "crested-gecko",
  "blue-tongued-skink",
  "veiled-chameleon",
  "african-fat-tailed-gecko",
  "whites-tree-frog",
  "pacman-frog",
];

function enclosure(product: string, dims: [number, number, number], extra: Partial<SeedHusbandry> = {}) {
  return { product, need: "enclosure" as const, enclosure: dims, habitats: LAND, ...extra };
}

function tube(product: string, variant: string, uvbPct: number, tubeLengthCm: number): SeedHusbandry {
  return { product, variant, need: "uvb", uvbPct, tubeLengthCm, replacementMonths: 12 };
}

export const seedHusbandry: SeedHusbandry[] = [
  // Enclosures (variants carry their own size).
  enclosure("exo-terra-front-opening-glass-terrarium", [45, 45, 60], { variant: "RB-ENC-0001-454560" }),
  enclosure("exo-terra-front-opening-glass-terrarium", [60, 45, 45], { variant: "RB-ENC-0001-604545" }),
  enclosure("exo-terra-front-opening-glass-terrarium", [60, 45, 60], {
    variant: "RB-ENC-0001-604560",
    staffPick: true,
  }),
  enclosure("exo-terra-front-opening-glass-terrarium", [90, 45, 60], { variant: "RB-ENC-0001-904560" }),
  enclosure("exo-terra-glass-terrarium-30x30x45", [30, 30, 45]),
  enclosure("exo-terra-glass-terrarium-60x45x90-tall", [60, 45, 90]),
  enclosure("exo-terra-glass-terrarium-90x45x90", [90, 45, 90]),
  enclosure("exo-terra-glass-terrarium-120x45x60", [120, 45, 60]),
  enclosure("karoo-reptile-co-pvc-enclosure", [60, 45, 45], { variant: "RB-ENC-0006-604545" }),
  enclosure("karoo-reptile-co-pvc-enclosure", [90, 45, 45], { variant: "RB-ENC-0006-904545" }),
  enclosure("karoo-reptile-co-pvc-enclosure", [90, 60, 60], { variant: "RB-ENC-0006-906060" }),
  enclosure("karoo-reptile-co-pvc-enclosure-120x60x60", [120, 60, 60], { staffPick: true }),
  enclosure("karoo-reptile-co-pvc-enclosure-180x60x60", [180, 60, 60]),
  enclosure("vision-cages-pvc-enclosure-90x60x35", [90, 60, 35]),
  enclosure("repti-zoo-front-opening-glass-terrarium-90x45x45", [90, 45, 45]),
  // Mesh keeps humidity out: for climbing species that need airflow.
  enclosure("zoo-med-reptibreeze-screen-cage-40x40x75", [40, 40, 75], { habitats: ["savanna", "arid"] }),
  enclosure("zoo-med-reptibreeze-chameleon-kit-large", [60, 60, 122], {
    habitats: ["savanna", "arid"],
    staffPick: true,
  }),
  enclosure("exo-terra-nano-glass-terrarium-20x20x30", [20, 20, 30]),
  enclosure("karoo-reptile-co-tortoise-table-120x60", [120, 60, 30], {
    species: ["leopard-tortoise", "red-footed-tortoise"],
  }),
  enclosure("karoo-reptile-co-outdoor-tortoise-pen-400x250", [400, 250, 50], {
    species: ["leopard-tortoise", "red-footed-tortoise"],
    staffPick: true,
  }),
  {
    product: "karoo-reptile-co-axolotl-aquarium-80x35x40",
    need: "enclosure",
    enclosure: [80, 35, 40],
    habitats: ["aquatic"],
  },

  // Heat: lamps and emitters for land animals; a fan keeps cold-water animals cool.
  { product: "zoo-med-repticare-ceramic-heat-emitter", need: "heating", habitats: LAND },
  { product: "arcadia-deep-heat-projector", need: "heating", habitats: LAND, staffPick: true },
  { product: "habistat-heat-mat", need: "heating", habitats: LAND },
  { product: "karoo-reptile-co-aquarium-cooling-fan", need: "heating", habitats: ["aquatic"] },
  { product: "exo-terra-halogen-basking-spot-lamp", need: "basking", habitats: LAND, replacementMonths: 6 },
  { product: "highveld-herp-works-slate-basking-platform", need: "basking", habitats: LAND },

  // Thermostats: every heat source runs on one.
  { product: "habistat-dimming-thermostat", need: "thermostat", staffPick: true },
  { product: "habistat-pulse-proportional-thermostat", need: "thermostat" },
  { product: "habistat-mat-stat-on-off-thermostat", need: "thermostat" },
  { product: "microclimate-evo-quad-4-channel-thermostat", need: "thermostat" },

  // UVB tubes: strength and length decide which species and enclosure they suit.
  { ...tube("arcadia-prot5-uvb-kit", "RB-HTL-0001-6-24W", 6, 55), staffPick: true },
  tube("arcadia-prot5-uvb-kit", "RB-HTL-0001-12-24W", 12, 55),
  tube("arcadia-prot5-uvb-kit", "RB-HTL-0001-12-39W", 12, 85),
  tube("arcadia-prot5-uvb-kit", "RB-HTL-0001-14-54W", 14, 115),
  tube("arcadia-d3-t5-ho-uvb-tube-12", "RB-HTL-0002-24W", 12, 55),
  tube("arcadia-d3-t5-ho-uvb-tube-12", "RB-HTL-0002-39W", 12, 85),
  tube("arcadia-d3-t5-ho-uvb-tube-12", "RB-HTL-0002-54W", 12, 115),
  // A T8 10.0 gives roughly what a 6% T5 does, and fades faster (replace every 6 months).
  { ...tube("zoo-med-reptisun-100-t8-uvb-tube", "RB-HTL-0003-15W", 6, 45), replacementMonths: 6 },
  { ...tube("zoo-med-reptisun-100-t8-uvb-tube", "RB-HTL-0003-18W", 6, 60), replacementMonths: 6 },
  { ...tube("zoo-med-reptisun-100-t8-uvb-tube", "RB-HTL-0003-30W", 6, 90), replacementMonths: 6 },

  // Substrates by habitat.
  { product: "arcadia-earth-mix-arid-bioactive-substrate-10l", need: "substrate", habitats: DRY, staffPick: true },
  { product: "zoo-med-excavator-clay-burrowing-substrate-45kg", need: "substrate", habitats: DRY },
  { product: "prorep-desert-red-sand-10kg", need: "substrate", habitats: ["desert"] },
  { product: "zoo-med-eco-earth-coco-fibre-brick", need: "substrate", habitats: HUMID, staffPick: true },
  { product: "exo-terra-plantation-soil-88l", need: "substrate", habitats: ["tropical", "savanna"] },
  { product: "joshs-frogs-abg-mix-bioactive-substrate-10l", need: "substrate", habitats: ["tropical"] },
  { product: "zoo-med-reptibark-fir-bark-chips-88l", need: "substrate", habitats: ["tropical", "savanna"] },
  { product: "joshs-frogs-magnolia-leaf-litter", need: "substrate", habitats: ["tropical"] },
  { product: "karoo-reptile-co-fine-aquarium-sand-5kg", need: "substrate", habitats: ["aquatic"] },

  // Hides and decor.
  { product: "exo-terra-gecko-cave-hide", need: "decor", habitats: LAND },
  { product: "karoo-reptile-co-aquarium-cave-hide", need: "decor", habitats: ["aquatic"] },
  { product: "zoo-med-habba-hut-reptile-cave-medium", need: "decor", habitats: LAND },
  { product: "lucky-reptile-cork-bark-tube-medium", need: "decor", habitats: LAND },
  { product: "exo-terra-jungle-vine-large", need: "decor", habitats: ["tropical", "savanna"] },
  { product: "exo-terra-forest-branch-large", need: "decor", habitats: ["tropical", "savanna"] },
  { product: "highveld-herp-works-mopane-driftwood-branch-large", need: "decor", habitats: LAND },
  { product: "exo-terra-silk-plant-amapallo-medium", need: "decor", habitats: LAND },
  {
    product: "repti-zoo-leopard-gecko-moist-hide",
    need: "decor",
    species: ["leopard-gecko", "african-fat-tailed-gecko"],
    staffPick: true,
  },
  {
    product: "komodo-ball-python-hide-twin-pack",
    need: "decor",
    species: ["ball-python", "corn-snake", "brown-house-snake"],
    staffPick: true,
  },

  // Water and humidity.
  { product: "zoo-med-repti-rock-water-bowl-large", need: "water", habitats: LAND, staffPick: true },
  { product: "exo-terra-monsoon-solo-misting-system", need: "water", habitats: ["tropical", "savanna"] },
  { product: "komodo-pressure-sprayer-mister-15l", need: "water", habitats: ["tropical", "savanna", "temperate"] },
  { product: "zoo-med-new-zealand-sphagnum-moss-13l", need: "water", habitats: LAND },
  { product: "zoo-med-reptisafe-water-conditioner-66ml", need: "water", replacementMonths: 6 },

  // Feeding, by what the species eats.
  { product: "komodo-stainless-steel-feeder-tongs-30cm", need: "feeding", habitats: LAND },
  { product: "exo-terra-worm-dish-feeding-dish", need: "feeding", species: INSECT_EATERS },
  { product: "joshs-frogs-insect-gut-load-diet-450g", need: "feeding", species: INSECT_EATERS, staffPick: true },
  { product: "exo-terra-cricket-pen-insect-keeper", need: "feeding", species: INSECT_EATERS },
  { product: "exo-terra-magnetic-feeding-ledge", need: "feeding", species: ["crested-gecko", "veiled-chameleon"] },
  { product: "zoo-med-crested-gecko-food-227g", need: "feeding", species: ["crested-gecko"], staffPick: true },
  { product: "zoo-med-bearded-dragon-food-adult-283g", need: "feeding", species: ["bearded-dragon"], staffPick: true },
  { product: "karoo-reptile-co-axolotl-sinking-pellets-100g", need: "feeding", species: ["axolotl"], staffPick: true },

  // Supplements (not for whole-prey eaters: the checklist asks for them by diet).
  { product: "zoo-med-repti-calcium-powder-with-d3", need: "supplements", variant: "RB-FED-0001-85G", staffPick: true },
  { product: "zoo-med-repti-calcium-powder-with-d3", need: "supplements", variant: "RB-FED-0001-227G" },
  { product: "zoo-med-repti-calcium-powder-with-d3", need: "supplements", variant: "RB-FED-0001-1360G" },
  { product: "arcadia-calciumag-calcium-powder-without-d3-100g", need: "supplements" },
  { product: "arcadia-earthpro-a-multivitamin", need: "supplements", variant: "RB-FED-0003-100G" },
  { product: "exo-terra-multi-vitamin-powder-supplement-30g", need: "supplements" },

  // Monitoring.
  {
    product: "exo-terra-digital-combimeter-thermometer-hygrometer",
    need: "monitoring",
    habitats: LAND,
    staffPick: true,
  },
  { product: "karoo-reptile-co-digital-aquarium-thermometer", need: "monitoring", habitats: ["aquatic"] },
  { product: "solarmeter-65-uv-index-meter", need: "monitoring", habitats: LAND },
];
