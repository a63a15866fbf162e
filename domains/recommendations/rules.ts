/**
 * The shop's judgement calls for recommendations, kept in one place: which categories hold
 * consumables (bought again, so a purchase does not remove them from a customer's list), which
 * products complement which (cross-sell), and how many entries each stored list keeps.
 */

/** Entries kept per list (per product or customer): more than any page asks for (8). */
export const KEEP_PER_LIST = 12;

/**
 * Entries kept per category of the shop-wide lists (trending, popular): what a page may ask (24),
 * so a category's list and the shop's (the union of the categories') are bounded reads.
 */
export const KEEP_PER_CATEGORY = 24;

/**
 * Category slugs (a product's own or its parent's) of consumables: food, supplements, substrate,
 * cleaning and health supplies run out and are bought again.
 */
export const CONSUMABLE_CATEGORIES = [
  "feeding-supplies",
  "substrate-bedding",
  "health-hygiene",
  "cleaning-maintenance",
] as const;

/**
 * Complements: a product whose name or category matches `when` (case-insensitive regular expression
 * on "name category-slug parent-slug") is shown products matching `then`, with `weight` as the base
 * score (higher first). A heat source needs a thermostat, a UVB fitting a tube, an enclosure its
 * substrate, heating and hides, live food its dusting powder.
 */
export interface CrossSellRule {
  when: string;
  then: string;
  weight: number;
}

export const CROSS_SELL_RULES: CrossSellRule[] = [
  { when: "heat mat|heat emitter|ceramic|deep heat|heat projector|basking|heat lamp", then: "thermostat", weight: 3 },
  { when: "thermostat", then: "heat mat|heat emitter|thermometer|hygrometer", weight: 2 },
  { when: "uvb kit|fitting|canopy|ballast|reflector|controller", then: "uvb tube|t5 ho uvb|t8 uvb", weight: 3 },
  { when: "uvb tube|t5 ho uvb|t8 uvb", then: "uvb kit|fitting|canopy|timer", weight: 2 },
  { when: "terrarium|enclosure|vivarium|screen cage", then: "substrate|soil|sand|bark|coco|moss", weight: 2 },
  { when: "terrarium|enclosure|vivarium|screen cage", then: "thermostat|heat mat|thermometer", weight: 1.5 },
  { when: "terrarium|enclosure|vivarium|screen cage", then: "hide|cave|branch|vine|background", weight: 1 },
  { when: "cricket|mealworm|insect|feeder|dubia|locust|worm", then: "calcium|vitamin|gut load", weight: 2 },
  { when: "calcium|vitamin|supplement", then: "feeding ledge|worm dish|tongs|cricket|insect", weight: 1 },
  { when: "bioactive|plantation soil|earth mix", then: "springtail|isopod|leaf litter|moss", weight: 2 },
  { when: "misting|monsoon|fogger", then: "hygrometer|thermometer|timer", weight: 1 },
  { when: "halogen|spot lamp|basking spot", then: "timer|dimming thermostat|slate|basking platform", weight: 1.5 },
];

/** Spec 000's default list lengths, and the most any request may ask for. */
export const DEFAULT_LIMITS = {
  similar: 6,
  frequentlyBought: 4,
  personalized: 8,
  trending: 8,
  crossSell: 4,
  upSell: 4,
} as const;
export const MAX_LIMIT = 24;
