/**
 * The admin area's users as staff read them: the list with each customer's purchases, and one user's
 * detail (/admin/users/:id, the staff order form's chosen customer): the user row (domains/accounts)
 * with their orders and what those add up to, loyalty points, addresses and e-mail choices. The list's
 * filter reaches past accounts into purchases (spent, order count, last order), so it is built here.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema/mod.ts";
import { csvFile } from "../lib/csv.ts";
import { saDay, saMidnight } from "../lib/sa_dates.ts";
import type { z } from "zod";
import {
  bulkTagCustomers,
  countUsers,
  getUserRow,
  listUsers,
  staffSchemas,
  staffUserColumns,
  type StaffUserRow,
  USER_PAGE_SIZE,
  userCondition,
  type UserFilter,
} from "../domains/accounts/mod.ts";
import { type Address, listAddresses } from "../domains/addresses/mod.ts";
import { pointsBalance } from "../domains/loyalty/mod.ts";
import {
  type CustomerFigures,
  customerFigures,
  customerSalesSubquery,
  listOrdersForUser,
  type OrderSummary,
  purchaseCondition,
} from "../domains/orders/mod.ts";
import { type NewsletterStatus, newsletterStatuses } from "../domains/newsletter/mod.ts";
import { remindersOn } from "../domains/animals/mod.ts";

/** What the customer agreed to be sent, for staff answering "why did I get this e-mail?". */
export interface MarketingChoices {
  newsletter: NewsletterStatus;
  cartReminders: boolean;
  replacementReminders: boolean;
  priceAlerts: boolean;
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
  const [orders, points, addresses, figures, newsletter, cartReminders, replacementReminders, priceAlerts] =
    await Promise
      .all([
        listOrdersForUser(db, id, { limit: 50 }),
        pointsBalance(db, id),
        listAddresses(db, id),
        customerFigures(db, [id]).then((all) => all.get(id)!),
        newsletterStatuses(db, [row]).then((all) => all.get(id)!),
        remindersOn(db, id, "cart"),
        remindersOn(db, id, "replacement"),
        remindersOn(db, id, "price"),
      ]);
  const marketing = { newsletter, cartReminders, replacementReminders, priceAlerts };
  return { ...row, orders, points, addresses, figures, marketing };
}

/** A row of the staff's user list: the account with what it has bought. */
export type UserListRow = StaffUserRow & { figures: CustomerFigures };

/**
 * The customers list's filter as the accounts domain takes it: search, role and tag as they are, the
 * purchase fields (decision 0114) turned into a condition on the account's paid orders.
 */
export function customerFilter(filter: staffSchemas.UserListFilter): UserFilter {
  const { minSpent, minOrders, maxOrders, lastOrderFrom, lastOrderBefore, ...rest } = filter;
  const also = purchaseCondition(users.id, {
    minSpentCents: minSpent === undefined ? undefined : Math.round(minSpent * 100),
    minOrders,
    maxOrders,
    lastOrderFrom: lastOrderFrom ? saMidnight(lastOrderFrom) : undefined,
    lastOrderBefore: lastOrderBefore ? saMidnight(lastOrderBefore) : undefined,
  });
  return { ...rest, also };
}

/** One tag added to or taken off the ticked accounts, or all the list's filter (purchases too) matches. */
export async function bulkTagMatching(
  db: Db,
  actor: { id: number },
  input: z.output<typeof staffSchemas.bulkTagsBody>,
): Promise<{ matched: number; changed: number }> {
  return await bulkTagCustomers(db, actor, { ...input, filter: input.filter && customerFilter(input.filter) });
}

type ListFilter = staffSchemas.UserListFilter & { sort?: staffSchemas.UserSort; page?: number; pageSize?: number };

/**
 * A page of the customers list with what each bought: newest accounts first, or ordered by their
 * purchases (most spent, most orders, latest order; decision 0113), those without any last, then the
 * newest account first among equals.
 */
export async function listUsersWithFigures(
  db: Db,
  { sort = "newest", page, pageSize, ...asked }: ListFilter,
): Promise<{ items: UserListRow[]; total: number }> {
  const filter = { ...customerFilter(asked), page, pageSize };
  const { items, total } = sort === "newest"
    ? await listUsers(db, filter)
    : { items: await usersBySales(db, filter, sort), total: await countUsers(db, filter) };
  const figures = await customerFigures(db, items.map((u) => u.id));
  return { items: items.map((u) => ({ ...u, figures: figures.get(u.id)! })), total };
}

async function usersBySales(
  db: Db,
  filter: Parameters<typeof listUsers>[1],
  sort: Exclude<staffSchemas.UserSort, "newest">,
): Promise<StaffUserRow[]> {
  const sales = customerSalesSubquery(db);
  const by = { spent: sales.spent, orders: sales.paidOrders, last_order: sales.lastPaidAt }[sort];
  const pageSize = filter.pageSize ?? USER_PAGE_SIZE;
  return await db.select(staffUserColumns).from(users).leftJoin(sales, eq(sales.userId, users.id))
    .where(userCondition(filter))
    .orderBy(sql`${by} desc nulls last`, desc(users.createdAt), desc(users.id))
    .limit(pageSize).offset(((filter.page ?? 1) - 1) * pageSize);
}

/** Most accounts one customers CSV holds; narrow the search for the rest. */
export const USERS_CSV_MAX_ROWS = 50_000;
const CSV_PAGE = 1_000;

/**
 * The filtered user list (every page, newest first, up to USERS_CSV_MAX_ROWS) as CSV for a mailing or
 * a spreadsheet: who they are, what they bought and whether they take the newsletter. Erased accounts
 * hold nothing to export and are left out. Read a page of 1,000 at a time, three queries a page.
 */
export async function usersCsv(
  db: Db,
  asked: staffSchemas.UserListFilter,
): Promise<string> {
  const filter = customerFilter(asked);
  const header = [
    "Username",
    "First name",
    "Last name",
    "E-mail",
    "Phone",
    "Role",
    "Status",
    "Joined",
    "Paid orders",
    "Spent (ZAR)",
    "Last order",
    "Newsletter",
    "Tags",
  ];
  const lines: (string | number | null)[][] = [];
  for (let page = 1; page <= USERS_CSV_MAX_ROWS / CSV_PAGE; page++) {
    const listed = await listUsers(db, { ...filter, page, pageSize: CSV_PAGE });
    const users = listed.items.filter((u) => !u.deletedAt);
    const [figures, newsletter] = await Promise.all([
      customerFigures(db, users.map((u) => u.id)),
      newsletterStatuses(db, users),
    ]);
    for (const u of users) {
      const f = figures.get(u.id)!;
      lines.push([
        u.username,
        u.firstName,
        u.lastName,
        u.email,
        u.phone,
        u.role,
        u.disabledAt ? "disabled" : "active",
        saDay(u.createdAt),
        f.paidOrders,
        (f.spentCents / 100).toFixed(2),
        f.lastPaidAt ? saDay(f.lastPaidAt) : null,
        newsletter.get(u.id)!,
        u.tags.join(", "),
      ]);
    }
    if (page * CSV_PAGE >= listed.total) break;
  }
  return csvFile(header, lines);
}
