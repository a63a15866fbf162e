/**
 * The admin area's users as staff read them: the list with each customer's purchases, and one user's
 * detail (/admin/users/:id, the staff order form's chosen customer): the user row (domains/accounts)
 * with their orders and what those add up to, loyalty points, addresses and e-mail choices.
 */
import type { Db } from "../db/client.ts";
import { getUserRow, listUsers, type StaffUserRow } from "../domains/accounts/mod.ts";
import { type Address, listAddresses } from "../domains/addresses/mod.ts";
import { pointsBalance } from "../domains/loyalty/mod.ts";
import { type CustomerFigures, customerFigures, listOrdersForUser, type OrderSummary } from "../domains/orders/mod.ts";
import { type NewsletterStatus, newsletterStatus } from "../domains/newsletter/mod.ts";
import { remindersOn } from "../domains/animals/mod.ts";

/** What the customer agreed to be sent, for staff answering "why did I get this e-mail?". */
export interface MarketingChoices {
  newsletter: NewsletterStatus;
  cartReminders: boolean;
  replacementReminders: boolean;
}

export type UserDetail = StaffUserRow & {
  orders: OrderSummary[];
  points: number;
  addresses: Address[];
  figures: CustomerFigures;
  marketing: MarketingChoices;
};

/** One user with their orders and what they add up to, points, addresses and e-mail choices; NotFoundError when missing. */
export async function getUserDetail(db: Db, id: number): Promise<UserDetail> {
  const row = await getUserRow(db, id);
  const [orders, points, addresses, figures, newsletter, cartReminders, replacementReminders] = await Promise.all([
    listOrdersForUser(db, id, { limit: 50 }),
    pointsBalance(db, id),
    listAddresses(db, id),
    customerFigures(db, [id]).then((all) => all.get(id)!),
    newsletterStatus(db, { userId: id, email: row.email }),
    remindersOn(db, id, "cart"),
    remindersOn(db, id, "replacement"),
  ]);
  return { ...row, orders, points, addresses, figures, marketing: { newsletter, cartReminders, replacementReminders } };
}

/** A row of the staff's user list: the account with what it has bought. */
export type UserListRow = StaffUserRow & { figures: CustomerFigures };

/** listUsers' page, each user with their purchases (one more query for the page). */
export async function listUsersWithFigures(
  db: Db,
  filter: Parameters<typeof listUsers>[1],
): Promise<{ items: UserListRow[]; total: number }> {
  const { items, total } = await listUsers(db, filter);
  const figures = await customerFigures(db, items.map((u) => u.id));
  return { items: items.map((u) => ({ ...u, figures: figures.get(u.id)! })), total };
}
