/**
 * The admin area's user detail (/admin/users/:id, the staff order form's chosen customer): the user
 * row (domains/accounts) with their orders, loyalty points and addresses, read through those domains.
 */
import type { Db } from "../db/client.ts";
import { getUserRow, type StaffUserRow } from "../domains/accounts/mod.ts";
import { type Address, listAddresses } from "../domains/addresses/mod.ts";
import { pointsBalance } from "../domains/loyalty/mod.ts";
import { listOrdersForUser, type OrderSummary } from "../domains/orders/mod.ts";

/** One user with their orders, loyalty points and addresses; NotFoundError when missing. */
export async function getUserDetail(db: Db, id: number): Promise<
  StaffUserRow & { orders: OrderSummary[]; points: number; addresses: Address[] }
> {
  const row = await getUserRow(db, id);
  const [orders, points, addresses] = await Promise.all([
    listOrdersForUser(db, id, { limit: 50 }),
    pointsBalance(db, id),
    listAddresses(db, id),
  ]);
  return { ...row, orders, points, addresses };
}
