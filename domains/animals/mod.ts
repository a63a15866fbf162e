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
  speciesCandidates,
  speciesMatching,
  suitableSpecies,
  unitsOfLines,
} from "./service.ts";
export {
  type Coverage,
  coverage,
  fits,
  type Habitat,
  HABITATS,
  type Need,
  NEED_LABELS,
  type NeedCoverage,
  NEEDS,
  needsFor,
} from "./rules.ts";
export type { Species, Unit } from "./types.ts";
export {
  ANIMAL_NOT_FOUND,
  boughtUnits,
  createKeeperAnimal,
  deleteKeeperAnimal,
  getKeeperAnimal,
  type KeeperAnimal,
  listKeeperAnimals,
  UNKNOWN_SPECIES,
  updateKeeperAnimal,
} from "./keepers.ts";
export * as keeperSchemas from "./schemas.ts";
export {
  dueLines,
  type DueReplacement,
  dueReplacements,
  REMINDER_KINDS,
  type ReminderKind,
  type ReminderOptions,
  REMINDERS_OFF,
  remindersOn,
  setReminders,
  unsubscribeByToken,
  unsubscribeToken,
} from "./reminders.ts";
export { updateSpecies } from "./admin.ts";
export {
  createProductRule,
  deleteProductRule,
  listProductRules,
  PRODUCT_NOT_FOUND,
  type ProductRule,
  RULE_NOT_FOUND,
  ruleLabel,
  updateProductRule,
} from "./product_rules.ts";
