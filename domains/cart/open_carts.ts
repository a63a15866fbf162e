/**
 * The carts signed-in customers have left open, as staff see them (/admin/carts): whose, how many
 * lines and units, what they come to at today's prices, when last changed, and when the customer was
 * last sent a cart reminder. Guests' carts are not listed: they have no name to call or write to.
 */
import { count, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { cartItems, cartReminders, users } from "../../db/schema/mod.ts";
import { loadLines } from "./lines.ts";

export const OPEN_CARTS_PAGE_SIZE = 25;

/** GET /admin/carts and /api/admin/carts: the page. */
export const openCartsQuery = z.object({
  page: z.coerce.number({ error: "page must be a whole number from 1 to 10000" }).int()
    .min(1, "page must be a whole number from 1 to 10000").max(10_000, "page must be a whole number from 1 to 10000")
    .default(1),
});

export interface OpenCart {
  userId: number;
  username: string;
  email: string;
  name: string | null;
  lines: number;
  units: number;
  /** At today's prices (a sale since shows), before coupons and delivery. */
  valueCents: number;
  /** The cart's newest line change. */
  changedAt: Date;
  /** When the customer was last sent a cart reminder (null: never). */
  remindedAt: Date | null;
}

/** One page of open carts, the most recently changed first, and how many there are. */
export async function listOpenCarts(db: Db, page: number): Promise<{ items: OpenCart[]; total: number }> {
  const changedAt = sql<string>`max(${cartItems.updatedAt})`;
  const [rows, [{ total }]] = await Promise.all([
    db.select({
      userId: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      lines: count(),
      units: sql<number>`sum(${cartItems.quantity})::int`,
      changedAt,
      remindedAt: sql<string | null>`max(${cartReminders.sentAt})`,
    }).from(cartItems).innerJoin(users, eq(users.id, cartItems.userId))
      .leftJoin(cartReminders, eq(cartReminders.userId, cartItems.userId))
      .groupBy(users.id).orderBy(desc(changedAt), desc(users.id))
      .limit(OPEN_CARTS_PAGE_SIZE).offset((page - 1) * OPEN_CARTS_PAGE_SIZE),
    db.select({ total: sql<number>`count(distinct ${cartItems.userId})::int` }).from(cartItems)
      .where(isNotNull(cartItems.userId)),
  ]);
  // Each cart priced as the customer's own cart page prices it (one read a cart, 25 a page).
  const values = await Promise.all(
    rows.map(async (r) => (await loadLines(db, { userId: r.userId })).reduce((s, l) => s + l.lineTotalCents, 0)),
  );
  return {
    total,
    items: rows.map((r, i) => ({
      userId: r.userId,
      username: r.username,
      email: r.email,
      name: [r.firstName, r.lastName].filter(Boolean).join(" ") || null,
      lines: r.lines,
      units: r.units,
      valueCents: values[i],
      changedAt: new Date(r.changedAt),
      remindedAt: r.remindedAt === null ? null : new Date(r.remindedAt),
    })),
  };
}
