/** The customer an order's e-mails go to. */
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/mod.ts";

/** The order's customer's address and greeting name, or null (no account, or an erased one). */
export async function orderRecipient(tx: Db, userId: number | null): Promise<{ to: string; name: string } | null> {
  if (userId === null) return null;
  const [user] = await tx.select({ email: users.email, firstName: users.firstName, username: users.username })
    .from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user ? { to: user.email, name: user.firstName ?? user.username } : null;
}
