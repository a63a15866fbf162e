/** The animals domain's public surface: species profiles, setup checklists and a keeper's animals. */
export {
  cartUnits,
  type Checklist,
  type ChecklistNeed,
  getSpecies,
  listSpecies,
  type OfferedProduct,
  OFFERS_PER_NEED,
  productIdsFor,
  setupChecklist,
  SPECIES_NOT_FOUND,
  speciesMatching,
  suitableSpecies,
} from "./service.ts";
export { type Coverage, coverage, fits, type Need, NEED_LABELS, type NeedCoverage, NEEDS, needsFor } from "./rules.ts";
export type { Species, Unit } from "./types.ts";
