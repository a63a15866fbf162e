/** Staff edits of species profiles (docs/animals.md), audited like products. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { species } from "../../db/schema/mod.ts";
import { changedFields, recordAudit } from "../admin_audit/mod.ts";
import { NotFoundError } from "../../lib/errors.ts";
import type { SpeciesInput } from "./schemas.ts";
import { getSpecies, SPECIES_NOT_FOUND } from "./service.ts";
import type { Species } from "./types.ts";

/**
 * Replaces a profile's editable fields and records the change (field by field, before and after)
 * in the audit trail in the same transaction; nothing changed, nothing recorded.
 */
export async function updateSpecies(db: Db, staffId: number, slug: string, input: SpeciesInput): Promise<Species> {
  return await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [locked] = await t.select({ id: species.id }).from(species).where(eq(species.slug, slug)).for("update");
    if (!locked) throw new NotFoundError(SPECIES_NOT_FOUND);
    const before = await getSpecies(t, slug);
    await t.update(species).set({ ...input, updatedAt: new Date() }).where(eq(species.id, locked.id));
    const after = await getSpecies(t, slug);
    const changes = changedFields(before as unknown as Record<string, unknown>, input as Record<string, unknown>);
    if (Object.keys(changes).length) {
      await recordAudit(t, {
        userId: staffId,
        entityType: "species",
        entityId: locked.id,
        action: "update",
        details: { changes },
      });
    }
    return after;
  });
}
