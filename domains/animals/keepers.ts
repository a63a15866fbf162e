/**
 * A keeper's animals (docs/animals.md): the species, a name, and optionally when they got it and
 * notes. Each is the customer's own: another customer's animal is "not found". Their setups are
 * judged against what the keeper has (bought on paid orders, or in the cart).
 */
import { and, asc, eq, isNotNull, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { keeperAnimals, orderItems, orders, species } from "../../db/schema/mod.ts";
import { NotFoundError, ValidationError } from "../../lib/errors.ts";
import type { KeeperAnimalInput, KeeperAnimalPatch } from "./schemas.ts";

export const ANIMAL_NOT_FOUND = "Animal not found";
export const UNKNOWN_SPECIES = "Unknown species: choose one of our species profiles";

export interface KeeperAnimal {
  id: number;
  name: string;
  species: { slug: string; commonName: string };
  acquiredOn: string | null;
  notes: string | null;
  createdAt: Date;
}

const columns = {
  id: keeperAnimals.id,
  name: keeperAnimals.name,
  speciesSlug: species.slug,
  commonName: species.commonName,
  acquiredOn: keeperAnimals.acquiredOn,
  notes: keeperAnimals.notes,
  createdAt: keeperAnimals.createdAt,
};

type Row = {
  id: number;
  name: string;
  speciesSlug: string;
  commonName: string;
  acquiredOn: string | null;
  notes: string | null;
  createdAt: Date;
};

function toAnimal(r: Row): KeeperAnimal {
  return {
    id: r.id,
    name: r.name,
    species: { slug: r.speciesSlug, commonName: r.commonName },
    acquiredOn: r.acquiredOn,
    notes: r.notes,
    createdAt: r.createdAt,
  };
}

/** The customer's animals, oldest record first. */
export async function listKeeperAnimals(db: Db, userId: number): Promise<KeeperAnimal[]> {
  const rows = await db.select(columns).from(keeperAnimals).innerJoin(species, eq(species.id, keeperAnimals.speciesId))
    .where(eq(keeperAnimals.userId, userId)).orderBy(asc(keeperAnimals.createdAt), asc(keeperAnimals.id));
  return rows.map(toAnimal);
}

/** One of the customer's animals; NotFoundError for another customer's (or no) animal. */
export async function getKeeperAnimal(db: Db, userId: number, id: number): Promise<KeeperAnimal> {
  const [row] = await db.select(columns).from(keeperAnimals).innerJoin(species, eq(species.id, keeperAnimals.speciesId))
    .where(and(eq(keeperAnimals.id, id), eq(keeperAnimals.userId, userId)));
  if (!row) throw new NotFoundError(ANIMAL_NOT_FOUND);
  return toAnimal(row);
}

async function speciesId(db: Db, slug: string): Promise<number> {
  const [row] = await db.select({ id: species.id }).from(species).where(eq(species.slug, slug));
  if (!row) throw new ValidationError(UNKNOWN_SPECIES, [{ path: "species", message: UNKNOWN_SPECIES }]);
  return row.id;
}

export async function createKeeperAnimal(db: Db, userId: number, input: KeeperAnimalInput): Promise<KeeperAnimal> {
  const sid = await speciesId(db, input.species);
  const [row] = await db.insert(keeperAnimals).values({
    userId,
    speciesId: sid,
    name: input.name,
    acquiredOn: input.acquiredOn ?? null,
    notes: input.notes ?? null,
  }).returning({ id: keeperAnimals.id });
  return await getKeeperAnimal(db, userId, row.id);
}

/** Changes the fields given; the animal must be the customer's own (else 404). */
export async function updateKeeperAnimal(
  db: Db,
  userId: number,
  id: number,
  patch: KeeperAnimalPatch,
): Promise<KeeperAnimal> {
  const values: Partial<typeof keeperAnimals.$inferInsert> = { updatedAt: new Date() };
  if (patch.species !== undefined) values.speciesId = await speciesId(db, patch.species);
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.acquiredOn !== undefined) values.acquiredOn = patch.acquiredOn;
  if (patch.notes !== undefined) values.notes = patch.notes;
  const updated = await db.update(keeperAnimals).set(values)
    .where(and(eq(keeperAnimals.id, id), eq(keeperAnimals.userId, userId))).returning({ id: keeperAnimals.id });
  if (!updated.length) throw new NotFoundError(ANIMAL_NOT_FOUND);
  return await getKeeperAnimal(db, userId, id);
}

export async function deleteKeeperAnimal(db: Db, userId: number, id: number): Promise<void> {
  const gone = await db.delete(keeperAnimals).where(and(eq(keeperAnimals.id, id), eq(keeperAnimals.userId, userId)))
    .returning({ id: keeperAnimals.id });
  if (!gone.length) throw new NotFoundError(ANIMAL_NOT_FOUND);
}

/** The product units a customer has bought on orders that were paid and not cancelled or refunded. */
export async function boughtUnits(db: Db, userId: number): Promise<{ productId: number; variantId: number | null }[]> {
  const rows = await db.selectDistinct({ productId: orderItems.productId, variantId: orderItems.variantId })
    .from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(
      eq(orders.userId, userId),
      isNotNull(orders.paidAt),
      notInArray(orders.status, ["cancelled", "refunded"]),
      isNotNull(orderItems.productId),
    ));
  return rows.flatMap((r) => (r.productId === null ? [] : [{ productId: r.productId, variantId: r.variantId }]));
}
