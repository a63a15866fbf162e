/**
 * Cart reminders: a signed-in customer who leaves items in their cart gets one e-mail about them
 * (flows/send_cart_reminders.ts sends it). Which carts are due, and the once-only claim on one.
 *
 * A cart is due once its newest change is CART_REMINDER_AFTER_MS old and while it is at most
 * CART_REMINDER_WINDOW_MS old, for an active customer with a real e-mail address who has not turned
 * cart reminders off and placed no order since that change. Each cart (its newest change) is
 * reminded once, and a customer at most once a window: changing the cart daily never means daily mail.
 */
import { and, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { cartReminders } from "../../db/schema/mod.ts";

export const CART_REMINDER_AFTER_MS = 4 * 3600_000;
export const CART_REMINDER_WINDOW_MS = 7 * 86_400_000;

export interface DueCart {
  userId: number;
  email: string;
  name: string;
  /** The cart's newest line change: what the reminder is about. */
  changedAt: Date;
}

/** The carts due for a reminder at `now`, the longest left first (at most `limit`). */
export async function dueCarts(db: Db, now: Date, limit: number): Promise<DueCart[]> {
  const due = new Date(now.getTime() - CART_REMINDER_AFTER_MS).toISOString();
  const windowStart = new Date(now.getTime() - CART_REMINDER_WINDOW_MS).toISOString();
  const result = await db.execute(sql`
    with carts as (
      select user_id, max(updated_at) as changed_at
      from cart_items
      where user_id is not null
      group by user_id
      having max(updated_at) <= ${due}::timestamptz and max(updated_at) > ${windowStart}::timestamptz
    )
    select c.user_id, c.changed_at, u.email, coalesce(nullif(u.first_name, ''), u.username) as name
    from carts c
    join users u on u.id = c.user_id
    left join reminder_preferences rp on rp.user_id = c.user_id
    left join cart_reminders cr on cr.user_id = c.user_id
    where u.role = 'customer'
      and u.disabled_at is null
      and u.email not ilike '%.invalid'
      and not coalesce(rp.cart_reminders_off, false)
      and (cr.user_id is null
        or (cr.cart_changed_at < c.changed_at and cr.sent_at <= ${windowStart}::timestamptz))
      and not exists (select 1 from orders o where o.user_id = c.user_id and o.created_at >= c.changed_at)
    order by c.changed_at, c.user_id
    limit ${limit}
  `);
  return rowsOf<{ user_id: number; changed_at: Date | string; email: string; name: string }>(result).map((r) => ({
    userId: r.user_id,
    email: r.email,
    name: r.name,
    changedAt: new Date(r.changed_at),
  }));
}

/**
 * Claims the reminder of this cart for the caller: true once, false when it was already sent (by
 * another run or instance) or the customer had one within the window. Run it in the transaction that
 * queues the e-mail, so a failed send leaves the cart unclaimed.
 */
export async function claimCartReminder(tx: Db, cart: DueCart, now: Date): Promise<boolean> {
  const windowStart = new Date(now.getTime() - CART_REMINDER_WINDOW_MS);
  const claimed = await tx.insert(cartReminders).values({
    userId: cart.userId,
    cartChangedAt: cart.changedAt,
    sentAt: now,
  })
    .onConflictDoUpdate({
      target: cartReminders.userId,
      set: { cartChangedAt: cart.changedAt, sentAt: now },
      setWhere: and(
        sql`${cartReminders.cartChangedAt} < excluded.cart_changed_at`,
        lte(cartReminders.sentAt, windowStart),
      ),
    })
    .returning({ userId: cartReminders.userId });
  return claimed.length > 0;
}
