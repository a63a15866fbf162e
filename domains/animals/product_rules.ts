/**
 * Staff edits of what a product does in an animal's setup (table product_husbandry, docs/animals.md):
 * a product's rules listed, added, changed and removed. The setup checklist, "Add the essentials",
 * the cart's setup check and replacement reminders all read these rows, so a product staff add to the
 * catalogue reaches a keeper's checklist only through them.
 *
 * Each write checks the variant is the product's own and the species exist, answers 409 when the
 * product (or that variant) already has a rule for the need, or when a rule for every variant would
 * stand beside a variant's own (the product's row lock orders two staff who race), and is recorded
 * in the product's audit trail in the same transaction.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { productHusbandry, products, productVariants, species } from "../../db/schema/mod.ts";
import { changedFields, recordAudit } from "../admin_audit/mod.ts";
import { ConflictError, NotFoundError, pgErrorCode, ValidationError } from "../../lib/errors.ts";
import { type Habitat, type Need, NEED_LABELS, NEEDS } from "./rules.ts";
import type { ProductRuleInput } from "./schemas.ts";
import { husbandryColumns } from "./service.ts";
import type { Husbandry } from "./types.ts";

export const PRODUCT_NOT_FOUND = "Product Not Found";
export const RULE_NOT_FOUND = "Setup rule not found";

/** One rule as staff see it: the row, with the variant's name (null: every variant). */
export interface ProductRule extends Husbandry {
  id: number;
  productId: number;
  variantId: number | null;
  variantName: string | null;
  habitats: Habitat[];
  updatedAt: Date;
}

const ruleColumns = {
  id: productHusbandry.id,
  productId: productHusbandry.productId,
  variantId: productHusbandry.variantId,
  variantName: productVariants.name,
  ...husbandryColumns,
  updatedAt: productHusbandry.updatedAt,
};

/** A product's rules in checklist order (need), product-wide before each variant's. */
export async function listProductRules(db: Db, productId: number): Promise<ProductRule[]> {
  const rows = await db.select(ruleColumns).from(productHusbandry)
    .leftJoin(productVariants, eq(productVariants.id, productHusbandry.variantId))
    .where(eq(productHusbandry.productId, productId))
    .orderBy(asc(productHusbandry.id));
  const rank = (r: ProductRule) => NEEDS.indexOf(r.need);
  return (rows as ProductRule[]).sort((a, b) =>
    rank(a) - rank(b) || (a.variantId ?? 0) - (b.variantId ?? 0) || a.id - b.id
  );
}

/** "UVB lighting, every variant" or "Enclosure, 60x45x60 cm": a rule as one line of the audit trail. */
export function ruleLabel(rule: { need: Need; variantName: string | null }): string {
  return `${NEED_LABELS[rule.need]}, ${rule.variantName ?? "every variant"}`;
}

/** The product's row locked for the write (its rules change one at a time), or a 404. */
async function lockProduct(tx: Db, productId: number): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for("update");
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
}

/** The variant's name, when it is one of the product's; else a 400 on the field. */
async function variantNameOf(tx: Db, productId: number, variantId: number | null): Promise<string | null> {
  if (variantId === null) return null;
  const [v] = await tx.select({ name: productVariants.name }).from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)));
  if (!v) {
    const message = "Choose one of this product's variants, or all of them";
    throw new ValidationError(message, [{ path: "variantId", message }]);
  }
  return v.name;
}

/** A 400 naming the first species slug that is not a profile. */
async function checkSpecies(tx: Db, slugs: string[]): Promise<void> {
  if (!slugs.length) return;
  const known = new Set(
    (await tx.select({ slug: species.slug }).from(species).where(inArray(species.slug, slugs))).map((s) => s.slug),
  );
  const unknown = slugs.find((s) => !known.has(s));
  if (unknown !== undefined) {
    const message = `Unknown species: ${unknown}`;
    throw new ValidationError(message, [{ path: "speciesSlugs", message }]);
  }
}

/** The 409 for a second rule of the same need on the same product or variant. */
function alreadyCovered(input: ProductRuleInput, variantName: string | null): ConflictError {
  const unit = variantName === null ? "This product" : `The variant ${variantName}`;
  return new ConflictError(`${unit} already has a rule for "${NEED_LABELS[input.need]}"`, {
    field: "need",
  });
}

/**
 * The 409 a rule meets among the product's other rules of its need (`ruleId`: the one being changed),
 * or null. A rule for every variant and a variant's own rule for the same need would both apply to
 * that variant (the checklist would offer it twice, as two different things), so they never stand
 * side by side: staff give every variant its own rule, or the product one.
 */
async function clashFor(
  tx: Db,
  productId: number,
  input: ProductRuleInput,
  variantName: string | null,
  ruleId: number | null,
): Promise<ConflictError | null> {
  const others = (await tx.select({ id: productHusbandry.id, variantId: productHusbandry.variantId })
    .from(productHusbandry)
    .where(and(eq(productHusbandry.productId, productId), eq(productHusbandry.need, input.need))))
    .filter((r) => r.id !== ruleId);
  if (others.some((r) => r.variantId === input.variantId)) return alreadyCovered(input, variantName);
  const label = NEED_LABELS[input.need];
  if (input.variantId === null && others.length) {
    return new ConflictError(
      `Some variants have their own rule for "${label}": change theirs, or remove them before adding one for every variant`,
      { field: "variantId" },
    );
  }
  if (input.variantId !== null && others.some((r) => r.variantId === null)) {
    return new ConflictError(
      `This product has a rule for "${label}" for every variant: change it, or remove it before giving a variant its own`,
      { field: "variantId" },
    );
  }
  return null;
}

async function readRule(tx: Db, productId: number, ruleId: number): Promise<ProductRule> {
  const [row] = await tx.select(ruleColumns).from(productHusbandry)
    .leftJoin(productVariants, eq(productVariants.id, productHusbandry.variantId))
    .where(and(eq(productHusbandry.id, ruleId), eq(productHusbandry.productId, productId)));
  if (!row) throw new NotFoundError(RULE_NOT_FOUND);
  return row as ProductRule;
}

/** Runs a rule write, turning the unique index's refusal (a race with another staff member) into the 409. */
async function writing<T>(
  db: Db,
  input: ProductRuleInput | null,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction((tx) => write(tx as unknown as Db));
  } catch (err) {
    if (input && pgErrorCode(err) === "23505") throw alreadyCovered(input, null);
    throw err;
  }
}

/** The part of a rule the audit trail compares: what the checklist reads. */
function audited(r: ProductRule): Record<string, unknown> {
  const { id: _i, productId: _p, variantId: _v, updatedAt: _u, ...rest } = r;
  return rest;
}

/** Records a rule's write in the product's audit trail (the product's page lists it with its other changes). */
async function auditRule(
  tx: Db,
  staffId: number,
  productId: number,
  action: "setup_rule_added" | "setup_rule_changed" | "setup_rule_removed",
  details: Record<string, unknown>,
): Promise<void> {
  await recordAudit(tx, { userId: staffId, entityType: "product", entityId: productId, action, details });
}

/** Adds a rule to the product: 404 unknown product, 400 a variant of another product or an unknown species, 409 taken. */
export async function createProductRule(
  db: Db,
  staffId: number,
  productId: number,
  input: ProductRuleInput,
): Promise<ProductRule> {
  return await writing(db, input, async (tx) => {
    await lockProduct(tx, productId);
    const variantName = await variantNameOf(tx, productId, input.variantId);
    await checkSpecies(tx, input.speciesSlugs);
    const clash = await clashFor(tx, productId, input, variantName, null);
    if (clash) throw clash;
    const [{ id }] = await tx.insert(productHusbandry).values({ productId, ...input })
      .returning({ id: productHusbandry.id });
    const rule = await readRule(tx, productId, id);
    await auditRule(tx, staffId, productId, "setup_rule_added", { setupRule: ruleLabel(rule) });
    return rule;
  });
}

/** Replaces one of the product's rules (its need and variant may change too); audited field by field. */
export async function updateProductRule(
  db: Db,
  staffId: number,
  productId: number,
  ruleId: number,
  input: ProductRuleInput,
): Promise<ProductRule> {
  return await writing(db, input, async (tx) => {
    await lockProduct(tx, productId);
    const before = await readRule(tx, productId, ruleId);
    const variantName = await variantNameOf(tx, productId, input.variantId);
    await checkSpecies(tx, input.speciesSlugs);
    const clash = await clashFor(tx, productId, input, variantName, ruleId);
    if (clash) throw clash;
    await tx.update(productHusbandry).set({ ...input, updatedAt: new Date() })
      .where(eq(productHusbandry.id, ruleId));
    const after = await readRule(tx, productId, ruleId);
    const changes = changedFields(audited(before), audited(after));
    if (Object.keys(changes).length) {
      await auditRule(tx, staffId, productId, "setup_rule_changed", { setupRule: ruleLabel(after), changes });
    }
    return after;
  });
}

/** Removes one of the product's rules (404 when it is not the product's). */
export async function deleteProductRule(db: Db, staffId: number, productId: number, ruleId: number): Promise<void> {
  await writing(db, null, async (tx) => {
    await lockProduct(tx, productId);
    const rule = await readRule(tx, productId, ruleId);
    await tx.delete(productHusbandry).where(eq(productHusbandry.id, ruleId));
    await auditRule(tx, staffId, productId, "setup_rule_removed", { setupRule: ruleLabel(rule) });
  });
}
