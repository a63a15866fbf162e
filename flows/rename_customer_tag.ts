/**
 * Renaming a customer tag (decision 0112): every account's tag and every coupon kept for customers
 * with it move to the new name in one transaction, so a trade coupon never stops working between the
 * two. Renaming to a tag already in use merges the two; automatic tag rules (decision 0115) follow the
 * name too. Cross-domain (accounts and coupons), so a flow.
 */
import type { z } from "zod";
import type { Db } from "../db/client.ts";
import { renameTagOnAccounts, retagRules, type staffSchemas } from "../domains/accounts/mod.ts";
import { retagCoupons } from "../domains/coupons/mod.ts";
import { NotFoundError } from "../lib/errors.ts";

export type RenameTagInput = z.output<typeof staffSchemas.renameTagBody>;
export type RenameTagResult = z.output<typeof staffSchemas.renameTagResult>;

/** The refusal when nothing carries the tag (a stale page, a typo in the API). */
export const noSuchTag = (tag: string) => `No account or coupon has the tag "${tag}".`;

export async function renameCustomerTag(
  db: Db,
  actor: { id: number },
  { from, to }: RenameTagInput,
  now = new Date(),
): Promise<RenameTagResult> {
  return await db.transaction(async (tx) => {
    // The rules first: two rules meeting on one name refuse the rename before anything moved.
    const rules = await retagRules(tx, actor, from, to);
    const accounts = await renameTagOnAccounts(tx, actor, from, to, now);
    const coupons = await retagCoupons(tx, actor.id, from, to);
    if (!accounts && !coupons && !rules) throw new NotFoundError(noSuchTag(from));
    return { accounts, coupons, rules };
  });
}
