/**
 * Accounts the shop opens for a customer who never signed up (an order staff take, a WhatsApp
 * number's first order): the callers choose the row's values, this writes it once.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/mod.ts";

/**
 * Inserts the account unless one with the same `key` (e-mail or WhatsApp number, both unique) exists
 * by now: a concurrent order for the same customer may have written it since the caller looked.
 * Answers the account's id and whether this insert created it.
 */
export async function insertAccountOnce(
  tx: Db,
  values: typeof users.$inferInsert,
  key: "email" | "waId",
): Promise<{ id: number; created: boolean }> {
  const inserted = await tx.insert(users).values(values).onConflictDoNothing({ target: users[key] })
    .returning({ id: users.id });
  if (inserted.length) return { id: inserted[0].id, created: true };
  const [again] = await tx.select({ id: users.id }).from(users).where(eq(users[key], values[key]!));
  return { id: again.id, created: false };
}
