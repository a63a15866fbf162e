/**
 * Keepers first (docs/animals.md): species profiles, what each product does for an animal's setup,
 * and the animals keepers record in their account.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { timestamps, tstz } from "./columns.ts";
import { products, productVariants } from "./catalog.ts";
import { users } from "./accounts.ts";
import { orderItems } from "./commerce.ts";

/**
 * One species' husbandry profile, seeded from seed/species.ts. Temperatures are whole °C ranges;
 * a species without a basking spot (axolotl, most frogs) has no basking range; no UVB range means the
 * species needs no UVB lamp. The minimum enclosure is for one adult, in cm.
 */
export const species = pgTable("species", {
  id: serial().primaryKey(),
  slug: varchar({ length: 80 }).notNull().unique(),
  commonName: varchar({ length: 100 }).notNull(),
  scientificName: varchar({ length: 120 }).notNull(),
  /** Names keepers use in a search ("beardie", "leo"), lower case. */
  nicknames: jsonb().$type<string[]>().notNull().default([]),
  /** lizard, gecko, snake, tortoise, amphibian. */
  group: varchar({ length: 20 }).notNull(),
  /** desert, arid, temperate, tropical or aquatic: what habitat-bound products (substrate, UVB) must suit. */
  habitat: varchar({ length: 20 }).notNull(),
  /** Lives up off the ground: the enclosure's height counts more than its floor. */
  arboreal: boolean().notNull().default(false),
  adultSize: varchar({ length: 120 }).notNull(),
  lifespan: varchar({ length: 60 }).notNull(),
  diet: text().notNull(),
  /** insectivore, omnivore, herbivore, carnivore. */
  dietType: varchar({ length: 20 }).notNull(),
  baskingMinC: integer(),
  baskingMaxC: integer(),
  warmMinC: integer().notNull(),
  warmMaxC: integer().notNull(),
  coolMinC: integer().notNull(),
  coolMaxC: integer().notNull(),
  nightMinC: integer().notNull(),
  nightMaxC: integer().notNull(),
  humidityMinPct: integer().notNull(),
  humidityMaxPct: integer().notNull(),
  /** The T5/T8 tube strength (percent UVB) that suits it; null: no UVB lamp needed. */
  uvbMinPct: integer(),
  uvbMaxPct: integer(),
  /** Ferguson zone 1-4 (how much UV the species meets in the wild); null with no UVB need. */
  uvbZone: integer(),
  enclosureLengthCm: integer().notNull(),
  enclosureWidthCm: integer().notNull(),
  enclosureHeightCm: integer().notNull(),
  substrate: text().notNull(),
  /** beginner, intermediate, advanced. */
  difficulty: varchar({ length: 20 }).notNull(),
  careSummary: text().notNull(),
  /** Facts on permits and trade rules where they apply; null where none do. */
  legalNote: text(),
  position: integer().notNull().default(0),
  ...timestamps(),
}, (t) => [
  index().on(t.position),
  check("species_uvb_range", sql`(${t.uvbMinPct} is null) = (${t.uvbMaxPct} is null)`),
  check("species_basking_range", sql`(${t.baskingMinC} is null) = (${t.baskingMaxC} is null)`),
]);

/**
 * What one sellable unit (a product, or one of its variants) does in an animal's setup: the need it
 * covers and the attributes the checklist's rules compare with a species (enclosure size, UVB tube
 * strength and length, habitats). A product may cover several needs (a UVB kit: lighting). Staff
 * picks rank first; `speciesSlugs` limits a product to those species (crested gecko diet).
 */
export const productHusbandry = pgTable("product_husbandry", {
  id: serial().primaryKey(),
  productId: integer().notNull().references(() => products.id, { onDelete: "cascade" }),
  variantId: integer().references(() => productVariants.id, { onDelete: "cascade" }),
  /** enclosure, heating, thermostat, uvb, basking, substrate, decor, water, feeding, supplements, monitoring. */
  need: varchar({ length: 24 }).notNull(),
  enclosureLengthCm: integer(),
  enclosureWidthCm: integer(),
  enclosureHeightCm: integer(),
  uvbPct: integer(),
  tubeLengthCm: integer(),
  /** The habitats it suits; empty: every habitat. */
  habitats: jsonb().$type<string[]>().notNull().default([]),
  /** Only for these species (slugs); empty: any species whose other rules pass. */
  speciesSlugs: jsonb().$type<string[]>().notNull().default([]),
  staffPick: boolean().notNull().default(false),
  /** Months after which a bought unit should be replaced (UVB tubes 12); null: not a consumable. */
  replacementMonths: integer(),
  ...timestamps(),
}, (t) => [
  index().on(t.productId),
  index().on(t.variantId),
  index().on(t.need),
  uniqueIndex("product_husbandry_unit_need_idx").on(t.productId, sql`coalesce(${t.variantId}, 0)`, t.need),
]);

/** An animal a customer keeps: species, a name, and optionally when they got it and notes. */
export const keeperAnimals = pgTable("keeper_animals", {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  speciesId: integer().notNull().references(() => species.id, { onDelete: "restrict" }),
  name: varchar({ length: 60 }).notNull(),
  acquiredOn: date({ mode: "string" }),
  notes: text(),
  ...timestamps(),
}, (t) => [index().on(t.userId), index().on(t.speciesId)]);

/**
 * A replacement reminder sent for one bought order line (a UVB tube bought on a paid order, its
 * interval passed): one row per line, so the daily job e-mails it once.
 */
export const replacementReminders = pgTable("replacement_reminders", {
  orderItemId: integer().primaryKey().references(() => orderItems.id, { onDelete: "cascade" }),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  sentAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.userId)]);

/**
 * A customer's reminder choices (replacement reminders, cart reminders) and the token of their
 * one-click unsubscribe links (made with their first reminder). No row: both are on.
 */
export const reminderPreferences = pgTable("reminder_preferences", {
  userId: integer().primaryKey().references(() => users.id, { onDelete: "cascade" }),
  remindersOff: boolean().notNull().default(false),
  /** Off: no e-mails about items left in the cart (flows/send_cart_reminders.ts). */
  cartRemindersOff: boolean().notNull().default(false),
  /** Off: no e-mails when a wishlist item's price drops (flows/send_price_drop_alerts.ts). */
  priceAlertsOff: boolean().notNull().default(false),
  unsubscribeToken: varchar({ length: 64 }).notNull().unique(),
  ...timestamps(),
});
