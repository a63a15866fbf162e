/**
 * Replacement reminders (docs/animals.md): a UVB tube, a basking lamp or a water conditioner wears
 * out; staff say when on the product or its category, between which the setup rules' value
 * (`product_husbandry.replacement_months`) sits. The daily `replacement-reminders` job
 * (flows/send_replacement_reminders.ts) e-mails each customer once per bought order line whose interval has passed since the order was
 * paid, with a reorder link and a one-click unsubscribe link. Nothing for cancelled or refunded
 * orders, lines given back in a refund, or customers who turned reminders off. The e-mail names the
 * keeper's animal when one of their recorded animals is a species the product suits.
 */
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { reminderPreferences } from "../../db/schema/mod.ts";

export const REMINDERS_OFF = "Replacement reminders are off. You can turn them on again in your account.";

export interface ReminderOptions {
  siteUrl: string;
  shopName: string;
  now?: Date;
  /** At most this many e-mails a run (the rest go on the next run). */
  limit?: number;
}

export interface DueLine {
  order_item_id: number;
  user_id: number;
  email: string;
  first_name: string | null;
  username: string;
  product_id: number;
  product_name: string;
  product_slug: string;
  paid_at: Date | string;
  months: number;
}

/**
 * The order lines whose replacement is due (bounded by `limit`): for the job, those not yet reminded
 * of customers who did not opt out; for one customer's account (`userId`), all of theirs.
 */
/**
 * A line's replacement interval: what staff set on the product, else the setup rules' value for it
 * (product_husbandry, per variant or product-wide), else what staff set on its category.
 */
const months = sql`coalesce(max(p.replacement_months), min(h.replacement_months), max(c.replacement_months))`;

export async function dueLines(db: Db, now: Date, limit: number, userId?: number): Promise<DueLine[]> {
  const pending = userId === undefined
    ? sql`and rr.order_item_id is null and coalesce(rp.reminders_off, false) = false`
    : sql`and o.user_id = ${userId}`;
  const result = await db.execute(sql`
    select oi.id as order_item_id, o.user_id, u.email, u.first_name, u.username,
      p.id as product_id, p.name as product_name, p.slug as product_slug, o.paid_at, ${months} as months
    from order_items oi
    join orders o on o.id = oi.order_id
    join users u on u.id = o.user_id
    join products p on p.id = oi.product_id
    left join categories c on c.id = p.category_id
    left join product_husbandry h on h.product_id = oi.product_id
      and (h.variant_id is null or h.variant_id = oi.variant_id)
      and h.replacement_months is not null
    left join replacement_reminders rr on rr.order_item_id = oi.id
    left join reminder_preferences rp on rp.user_id = o.user_id
    where o.paid_at is not null
      and o.status not in ('cancelled', 'refunded')
      ${pending}
      and not exists (
        select 1 from order_refunds r, jsonb_array_elements(r.restock) e
        where r.order_id = o.id and (e->>'orderItemId')::int = oi.id
      )
    group by oi.id, o.user_id, u.email, u.first_name, u.username, p.id, p.name, p.slug, o.paid_at
    having ${months} is not null
      and o.paid_at + make_interval(months => ${months}) <= ${now.toISOString()}::timestamptz
    order by o.paid_at, oi.id
    limit ${limit}
  `);
  return rowsOf<DueLine>(result).map((r) => ({ ...r, months: Number(r.months) }));
}

/** The customer's unsubscribe token, made on first use (reminders stay as they were). */
export async function unsubscribeToken(db: Db, userId: number): Promise<string> {
  const fresh = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await db.insert(reminderPreferences).values({ userId, unsubscribeToken: fresh }).onConflictDoNothing();
  const [row] = await db.select({ token: reminderPreferences.unsubscribeToken }).from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  return row.token;
}

export interface DueReplacement {
  productId: number;
  productName: string;
  productSlug: string;
  paidAt: Date;
  months: number;
}

/** What the customer bought that is due for replacement now (oldest first, at most 20). */
export async function dueReplacements(db: Db, userId: number, now = new Date()): Promise<DueReplacement[]> {
  const lines = await dueLines(db, now, 20, userId);
  return lines.map((l) => ({
    productId: l.product_id,
    productName: l.product_name,
    productSlug: l.product_slug,
    paidAt: new Date(l.paid_at),
    months: l.months,
  }));
}

/**
 * The reminder e-mails a customer can turn off on their own: replacement reminders (this file), cart
 * reminders (domains/cart/reminders.ts) and wishlist price drops (domains/wishlist/price_drops.ts). One
 * row and one unsubscribe token hold all three.
 */
export const REMINDER_KINDS = ["replacement", "cart", "price"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
const OFF_FIELD = { replacement: "remindersOff", cart: "cartRemindersOff", price: "priceAlertsOff" } as const;

/** Turns one kind of a customer's reminders off by the token of their e-mail's link; false for an unknown token. */
export async function unsubscribeByToken(db: Db, token: string, kind: ReminderKind = "replacement"): Promise<boolean> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return false;
  const done = await db.update(reminderPreferences).set({ [OFF_FIELD[kind]]: true, updatedAt: new Date() })
    .where(eq(reminderPreferences.unsubscribeToken, token)).returning({ userId: reminderPreferences.userId });
  return done.length > 0;
}

/** Whether the customer gets this kind of reminder (no row: yes). */
export async function remindersOn(db: Db, userId: number, kind: ReminderKind = "replacement"): Promise<boolean> {
  const [row] = await db.select({ off: reminderPreferences[OFF_FIELD[kind]] }).from(reminderPreferences)
    .where(eq(reminderPreferences.userId, userId));
  return !row?.off;
}

/** Turns one kind of the customer's reminders on or off (from their account). */
export async function setReminders(
  db: Db,
  userId: number,
  on: boolean,
  kind: ReminderKind = "replacement",
): Promise<void> {
  const token = await unsubscribeToken(db, userId);
  await db.update(reminderPreferences).set({ [OFF_FIELD[kind]]: !on, updatedAt: new Date() })
    .where(and(eq(reminderPreferences.userId, userId), eq(reminderPreferences.unsubscribeToken, token)));
}
