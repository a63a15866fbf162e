/** Users, their sessions, password-reset tokens and address book. */
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  varchar,
} from "drizzle-orm/pg-core";
import { type SQL, sql } from "drizzle-orm";
import { timestamps, tstz } from "./columns.ts";

export const userRole = pgEnum("user_role", ["customer", "admin", "super_admin"]);
export const addressType = pgEnum("address_type", ["shipping", "billing", "both"]);

export const users = pgTable("users", {
  id: serial().primaryKey(),
  username: varchar({ length: 20 }).notNull().unique(),
  /** argon2id hash, never the password itself. */
  password: text().notNull(),
  email: varchar({ length: 254 }).notNull().unique(),
  firstName: varchar({ length: 50 }),
  lastName: varchar({ length: 50 }),
  phone: varchar({ length: 20 }),
  /** The customer's own VAT registration number, printed on their tax invoices when given. */
  vatNumber: varchar({ length: 20 }),
  role: userRole().notNull().default("customer"),
  defaultShippingAddressId: integer().references((): AnyPgColumn => addresses.id, {
    onDelete: "set null",
  }),
  defaultBillingAddressId: integer().references((): AnyPgColumn => addresses.id, {
    onDelete: "set null",
  }),
  /** Set when the customer erased their account (POPIA); the row stays for order history. */
  deletedAt: tstz(),
  /** Set when staff disable the account: it cannot sign in and its sessions are ended. */
  disabledAt: tstz(),
  /**
   * The customer's WhatsApp number as Meta's webhooks name it (`wa_id`, digits only), for customers
   * who order through WhatsApp (docs/whatsapp.md); one account per number.
   */
  waId: varchar({ length: 20 }).unique(),
  /**
   * Staff's note on the customer (preferences, a delivery gate code, what was agreed on the phone):
   * only staff see it in the admin; the customer's data download includes it (POPIA right of access).
   */
  staffNote: text(),
  /**
   * Staff's labels for the customer ("breeder", "wholesale", "vet clinic"): lower case, at most 10
   * (domains/accounts/staff_schemas.ts customerTag). The customers list filters and exports by them.
   */
  tags: text().array().notNull().default(sql`'{}'::text[]`),
  ...timestamps(),
}, (t) => [
  index().on(t.role),
  index().on(t.createdAt),
  index().on(t.defaultShippingAddressId),
  index().on(t.defaultBillingAddressId),
  // Staff's "contains" searches of customers and their orders (db/like.ts containsText, decision 0098).
  index("users_username_trgm_idx").using("gin", sql`lower(${t.username}) gin_trgm_ops`),
  index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
  index("users_full_name_trgm_idx").using("gin", sql`lower(${fullName(t)}) gin_trgm_ops`),
  index("users_wa_id_trgm_idx").using("gin", sql`lower(${t.waId}) gin_trgm_ops`),
  // The customers list's tag filter (`tags @> array[tag]`).
  index("users_tags_idx").using("gin", t.tags),
  // The tags in use (customerTagsInUse): an index-only scan of the few tagged accounts, not of every user.
  index("users_tagged_idx").on(t.tags).where(sql`cardinality(${t.tags}) > 0`),
]);

/**
 * "First Last" of a user (either part may be missing), as staff search it. The trigram index above
 * is built on this very expression, so a search must use it to be answered by the index.
 */
export function fullName(t: { firstName: AnyPgColumn; lastName: AnyPgColumn }): SQL {
  return sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, ''))`;
}

/**
 * Automatic customer tags (decision 0115): each rule keeps its tag on exactly the accounts a customers
 * list filter (search, role, tag, purchases) finds, applied when made and by an hourly job.
 */
export const customerTagRules = pgTable("customer_tag_rules", {
  id: serial().primaryKey(),
  tag: text().notNull().unique(),
  /** The customers list's filter as its URL would carry it (domains/accounts/staff_schemas.ts userListFilter). */
  filter: jsonb().$type<Record<string, unknown>>().notNull(),
  createdBy: integer().references(() => users.id, { onDelete: "set null" }),
  createdAt: tstz().notNull().defaultNow(),
  lastRunAt: tstz(),
  lastAdded: integer().notNull().default(0),
  lastRemoved: integer().notNull().default(0),
  /** Accounts the filter found that could not take the tag: they carry the most tags an account may. */
  lastFull: integer().notNull().default(0),
});

export const sessions = pgTable("sessions", {
  /** SHA-256 (hex) of the session token; the token itself lives only in the cookie. */
  id: varchar({ length: 64 }).primaryKey(),
  /** Null for a guest session (which still owns a cart). */
  userId: integer().references(() => users.id, { onDelete: "cascade" }),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  expiresAt: tstz().notNull(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.userId), index().on(t.expiresAt)]);

export const passwordResetTokens = pgTable("password_reset_tokens", {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  /** SHA-256 (hex) of the token sent by e-mail. */
  token: varchar({ length: 64 }).notNull().unique(),
  expires: tstz().notNull(),
  usedAt: tstz(),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [index().on(t.userId), index().on(t.expires)]);

export const addresses = pgTable("addresses", {
  id: serial().primaryKey(),
  userId: integer().notNull().references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
  addressType: addressType().notNull().default("both"),
  isDefault: boolean().notNull().default(false),
  firstName: varchar({ length: 50 }).notNull(),
  lastName: varchar({ length: 50 }).notNull(),
  label: varchar({ length: 30 }),
  addressLine1: varchar({ length: 100 }).notNull(),
  addressLine2: varchar({ length: 100 }),
  city: varchar({ length: 50 }).notNull(),
  state: varchar({ length: 50 }).notNull(),
  postalCode: varchar({ length: 10 }).notNull(),
  country: varchar({ length: 60 }).notNull().default("South Africa"),
  phone: varchar({ length: 20 }),
  instructions: text(),
  ...timestamps(),
}, (t) => [
  index().on(t.userId),
  index("addresses_user_default_idx").on(t.userId, t.isDefault).where(sql`${t.isDefault}`),
]);
