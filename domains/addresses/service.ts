/**
 * The address book: a customer's saved addresses and their default shipping and billing address.
 *
 * The defaults live on the user (users.defaultShippingAddressId and defaultBillingAddressId, one per
 * type by construction); addresses.isDefault mirrors them (true when the address is the default for at
 * least one type). Every change runs in one transaction that first locks the user's row, so concurrent
 * requests for one customer apply one after another and never leave two defaults for a type. The rules
 * are in docs/decisions/0008-address-defaults.md.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { addresses, users } from "../../db/schema/mod.ts";
import { type Issue, NotFoundError, ValidationError } from "../../lib/errors.ts";
import {
  type AddressType,
  createAddressBody,
  type CreateAddressInput,
  firstName as firstNameRule,
  lastName as lastNameRule,
  updateAddressBody,
  type UpdateAddressInput,
} from "./schemas.ts";
import type { z } from "zod";
import { ADDRESS_FIELDS, type PostalFields } from "./rules.ts";

export const ADDRESS_NOT_FOUND = "Address not found";

/** A saved address, with which defaults it holds. */
export interface Address extends PostalFields {
  id: number;
  userId: number;
  addressType: AddressType;
  /** True when this is the default shipping or the default billing address (or both). */
  isDefault: boolean;
  isDefaultShipping: boolean;
  isDefaultBilling: boolean;
  label: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Who adds an address: the profile's names fill in names the request leaves out. */
export interface AddressOwner {
  id: number;
  firstName: string | null;
  lastName: string | null;
}

/** The user's current default address ids. */
export interface AddressDefaults {
  defaultShippingAddressId: number | null;
  defaultBillingAddressId: number | null;
}

type Row = typeof addresses.$inferSelect;

function toAddress(row: Row, defaults: AddressDefaults): Address {
  const isDefaultShipping = defaults.defaultShippingAddressId === row.id;
  const isDefaultBilling = defaults.defaultBillingAddressId === row.id;
  return {
    id: row.id,
    userId: row.userId,
    addressType: row.addressType,
    isDefault: isDefaultShipping || isDefaultBilling,
    isDefaultShipping,
    isDefaultBilling,
    firstName: row.firstName,
    lastName: row.lastName,
    label: row.label,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    phone: row.phone,
    instructions: row.instructions,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The types a default of `type` covers. */
function slots(type: AddressType): ("shipping" | "billing")[] {
  return type === "both" ? ["shipping", "billing"] : [type];
}

function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = issuesOf(result.error);
    throw new ValidationError(issues[0]?.message ?? "Invalid address", issues);
  }
  return result.data;
}

/** Locks the user's row for this transaction and returns its default pointers. */
async function lockDefaults(tx: Db, userId: number): Promise<AddressDefaults> {
  const [row] = await tx.select({
    defaultShippingAddressId: users.defaultShippingAddressId,
    defaultBillingAddressId: users.defaultBillingAddressId,
  }).from(users).where(eq(users.id, userId)).for("no key update");
  if (!row) throw new NotFoundError("User not found");
  return row;
}

/** Writes the pointers and makes every isDefault flag of the user's addresses agree with them. */
async function writeDefaults(tx: Db, userId: number, before: AddressDefaults, after: AddressDefaults) {
  if (
    before.defaultShippingAddressId !== after.defaultShippingAddressId ||
    before.defaultBillingAddressId !== after.defaultBillingAddressId
  ) {
    await tx.update(users).set({
      defaultShippingAddressId: after.defaultShippingAddressId,
      defaultBillingAddressId: after.defaultBillingAddressId,
    }).where(eq(users.id, userId));
  }
  const ids = [after.defaultShippingAddressId, after.defaultBillingAddressId].filter((x): x is number => x !== null);
  const shouldBe = ids.length ? inArray(addresses.id, ids) : sql`false`;
  await tx.update(addresses).set({ isDefault: shouldBe })
    .where(and(eq(addresses.userId, userId), ne(addresses.isDefault, shouldBe)));
}

/** The owned address row, or NotFoundError (another customer's address does not exist for this one). */
async function ownedRow(tx: Db, userId: number, id: number): Promise<Row> {
  const [row] = await tx.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND);
  return row;
}

/** Points the defaults of every type `type` covers at `id`. */
function withDefault(defaults: AddressDefaults, id: number, type: AddressType): AddressDefaults {
  const next = { ...defaults };
  for (const slot of slots(type)) {
    if (slot === "shipping") next.defaultShippingAddressId = id;
    else next.defaultBillingAddressId = id;
  }
  return next;
}

/** Clears the defaults that point at `id` for types not in `keep` (all of them when `keep` is null). */
function withoutDefault(defaults: AddressDefaults, id: number, keep: AddressType | null): AddressDefaults {
  const kept = keep ? slots(keep) : [];
  return {
    defaultShippingAddressId: defaults.defaultShippingAddressId === id && !kept.includes("shipping")
      ? null
      : defaults.defaultShippingAddressId,
    defaultBillingAddressId: defaults.defaultBillingAddressId === id && !kept.includes("billing")
      ? null
      : defaults.defaultBillingAddressId,
  };
}

/** The customer's addresses: defaults first, then the newest. */
export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  const rows = await db.select({
    address: addresses,
    defaultShippingAddressId: users.defaultShippingAddressId,
    defaultBillingAddressId: users.defaultBillingAddressId,
  }).from(addresses).innerJoin(users, eq(users.id, addresses.userId))
    .where(eq(addresses.userId, userId))
    .orderBy(
      desc(addresses.isDefault),
      desc(addresses.createdAt),
      desc(addresses.id),
    );
  return rows.map((r) => toAddress(r.address, r));
}

/** One of the customer's addresses; another customer's (or an unknown) id is NotFoundError. */
export async function getAddress(db: Db, userId: number, id: number): Promise<Address> {
  const [row] = await db.select({
    address: addresses,
    defaultShippingAddressId: users.defaultShippingAddressId,
    defaultBillingAddressId: users.defaultBillingAddressId,
  }).from(addresses).innerJoin(users, eq(users.id, addresses.userId))
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND);
  return toAddress(row.address, row);
}

/** The user's default address ids (null when there is none). */
export async function getAddressDefaults(db: Db, userId: number): Promise<AddressDefaults> {
  const [row] = await db.select({
    defaultShippingAddressId: users.defaultShippingAddressId,
    defaultBillingAddressId: users.defaultBillingAddressId,
  }).from(users).where(eq(users.id, userId));
  return row ?? { defaultShippingAddressId: null, defaultBillingAddressId: null };
}

// The default addresses with the ids that name them, in one prepared statement (db/prepared.ts):
// order placement reads them on every order.
const defaultsOf = preparedQuery((db) =>
  db.select({
    address: addresses,
    defaultShippingAddressId: users.defaultShippingAddressId,
    defaultBillingAddressId: users.defaultBillingAddressId,
  }).from(users)
    .innerJoin(
      addresses,
      and(
        eq(addresses.userId, users.id),
        sql`${addresses.id} in (${users.defaultShippingAddressId}, ${users.defaultBillingAddressId})`,
      ),
    )
    .where(eq(users.id, sql.placeholder("userId"))).prepare("default_addresses_of")
);

/** The user's default shipping and billing addresses (either may be null), read in one statement. */
export async function getDefaultAddresses(
  db: Db,
  userId: number,
): Promise<{ shippingAddress: Address | null; billingAddress: Address | null }> {
  const rows = await defaultsOf(db).execute({ userId });
  const find = (id: number | null) => {
    const row = id === null ? undefined : rows.find((r) => r.address.id === id);
    return row ? toAddress(row.address, row) : null;
  };
  return {
    shippingAddress: find(rows[0]?.defaultShippingAddressId ?? null),
    billingAddress: find(rows[0]?.defaultBillingAddressId ?? null),
  };
}

/** A name from the request, else the profile's, checked with the form's rule. */
function resolveName(
  given: string | undefined,
  profile: string | null,
  rule: typeof firstNameRule,
  path: "firstName" | "lastName",
): { value?: string; issues: Issue[] } {
  const result = rule.safeParse(given ?? profile ?? "");
  if (result.success) return { value: result.data, issues: [] };
  return { issues: result.error.issues.map((i) => ({ path, message: i.message })) };
}

/**
 * Adds an address. Absent or empty names come from the owner's profile (a 'First name is required'
 * issue when the profile has none either). The address becomes the default for every type it covers
 * that has no default yet (so a first address is always the default), and for all its types when
 * `isDefault` is true.
 */
export async function createAddress(db: Db, owner: AddressOwner, input: CreateAddressInput): Promise<Address> {
  const data = parse(createAddressBody, input);
  const first = resolveName(data.firstName, owner.firstName, firstNameRule, "firstName");
  const last = resolveName(data.lastName, owner.lastName, lastNameRule, "lastName");
  const nameIssues = [...first.issues, ...last.issues];
  if (nameIssues.length) throw new ValidationError(nameIssues[0].message, nameIssues);
  return await db.transaction(async (tx) => {
    const before = await lockDefaults(tx, owner.id);
    const [row] = await tx.insert(addresses).values({
      userId: owner.id,
      addressType: data.addressType,
      firstName: first.value!,
      lastName: last.value!,
      label: data.label ?? null,
      addressLine1: data.addressLine1,
      addressLine2: data.addressLine2 ?? null,
      city: data.city,
      state: data.state,
      postalCode: data.postalCode,
      country: data.country,
      phone: data.phone ?? null,
      instructions: data.instructions ?? null,
    }).returning();
    let after = { ...before };
    for (const slot of slots(row.addressType)) {
      if (slot === "shipping" && after.defaultShippingAddressId === null) after.defaultShippingAddressId = row.id;
      if (slot === "billing" && after.defaultBillingAddressId === null) after.defaultBillingAddressId = row.id;
    }
    if (data.isDefault) after = withDefault(after, row.id, row.addressType);
    await writeDefaults(tx, owner.id, before, after);
    return toAddress(row, after);
  });
}

/**
 * Changes an address: absent fields keep their values (empty names too). A new type drops the defaults
 * the address no longer covers; `isDefault: true` makes it the default for all its types, `false`
 * clears the defaults it held.
 */
export async function updateAddress(db: Db, userId: number, id: number, input: UpdateAddressInput): Promise<Address> {
  const data = parse(updateAddressBody, input);
  return await db.transaction(async (tx) => {
    const before = await lockDefaults(tx, userId);
    const current = await ownedRow(tx, userId, id);
    const changes: Partial<typeof addresses.$inferInsert> = { updatedAt: new Date() };
    for (const key of ADDRESS_FIELDS) {
      if (data[key] !== undefined) (changes as Record<string, unknown>)[key] = data[key];
    }
    const [row] = await tx.update(addresses).set(changes)
      .where(and(eq(addresses.id, current.id), eq(addresses.userId, userId))).returning();
    let after = withoutDefault(before, row.id, row.addressType);
    if (data.isDefault === true) after = withDefault(after, row.id, row.addressType);
    if (data.isDefault === false) after = withoutDefault(after, row.id, null);
    await writeDefaults(tx, userId, before, after);
    return toAddress(row, after);
  });
}

/** Deletes an address; the defaults that pointed at it become null. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockDefaults(tx, userId);
    const row = await ownedRow(tx, userId, id);
    await writeDefaults(tx, userId, before, withoutDefault(before, row.id, null));
    await tx.delete(addresses).where(and(eq(addresses.id, row.id), eq(addresses.userId, userId)));
  });
}

/**
 * Makes the address the default for `addressType` ('both' = shipping and billing). The previous default
 * of that type stops being it (and keeps any other default it holds). The address must cover the type:
 * a billing-only address cannot become the default shipping address.
 */
export async function setDefaultAddress(
  db: Db,
  userId: number,
  id: number,
  addressType: AddressType,
): Promise<Address> {
  return await db.transaction(async (tx) => {
    const before = await lockDefaults(tx, userId);
    const row = await ownedRow(tx, userId, id);
    const covered = slots(row.addressType);
    const missing = slots(addressType).filter((s) => !covered.includes(s));
    if (missing.length) {
      const message = `This address is for ${
        row.addressType === "shipping" ? "shipping" : "billing"
      } only, so it cannot be the default ${missing[0]} address`;
      throw new ValidationError(message, [{ path: "addressType", message }]);
    }
    const after = withDefault(before, row.id, addressType);
    await writeDefaults(tx, userId, before, after);
    return toAddress(row, after);
  });
}
