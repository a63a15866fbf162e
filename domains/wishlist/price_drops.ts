/**
 * Price drops on wishlists (decision 0108): each saved product keeps the price its customer last saw
 * (`wishlist_items.price_seen`). A price that rises moves it up silently; one that falls by at least
 * PRICE_DROP_MIN_PERCENT, on a product on the shop and in stock, is a drop to tell the customer of
 * (flows/send_price_drop_alerts.ts). Telling them moves it down to the new price, so each drop is
 * told once, and a later sale after a rise is told again.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rowsOf } from "../../db/client.ts";
import { products, wishlistItems } from "../../db/schema/mod.ts";
import { toCents, toNumeric } from "../../lib/money.ts";

/** A drop smaller than this (in percent) is not worth an e-mail. */
export const PRICE_DROP_MIN_PERCENT = 5;

/** A product's price now, its sale price when on sale (the price on its card), for a saved product's first seen price. */
export function priceNowOf(productId: number) {
  return sql`(select coalesce(${products.salePrice}, ${products.price}) from ${products} where ${products.id} = ${productId})`;
}

export interface PriceDrop {
  wishlistItemId: number;
  productId: number;
  name: string;
  slug: string;
  wasCents: number;
  nowCents: number;
}

export interface DuePriceDrops {
  userId: number;
  email: string;
  name: string;
  drops: PriceDrop[];
}

/**
 * Brings every saved product's seen price up to a higher price now (and sets it where it was never
 * read), so a drop is measured from the last price the customer could have seen. One statement.
 */
export async function settlePriceRises(db: Db): Promise<void> {
  await db.execute(sql`
    update ${wishlistItems} w set price_seen = coalesce(p.sale_price, p.price)
    from ${products} p
    where p.id = w.product_id and (w.price_seen is null or coalesce(p.sale_price, p.price) > w.price_seen)`);
}

/**
 * The customers with a saved product now at least PRICE_DROP_MIN_PERCENT below the price they saw,
 * on the shop and in stock: active customers with a real address who did not turn these e-mails
 * off, each with all their drops, the biggest first (at most `limit` customers).
 */
export async function duePriceDrops(db: Db, limit: number): Promise<DuePriceDrops[]> {
  const result = await db.execute(sql`
    with drops as (
      select w.id, w.user_id, p.id as product_id, p.name, p.slug, w.price_seen as was,
        coalesce(p.sale_price, p.price) as now
      from ${wishlistItems} w
      join ${products} p on p.id = w.product_id
      where w.price_seen is not null
        and coalesce(p.sale_price, p.price) <= w.price_seen * ${(100 - PRICE_DROP_MIN_PERCENT) / 100}
        and p.archived_at is null and p.status = 'active' and p.stock > 0
    ), due as (
      select d.user_id from drops d
      join users u on u.id = d.user_id
      left join reminder_preferences rp on rp.user_id = d.user_id
      where u.role = 'customer' and u.disabled_at is null and u.email not ilike '%.invalid'
        and not coalesce(rp.price_alerts_off, false)
      group by d.user_id
      order by d.user_id
      limit ${limit}
    )
    select d.*, u.email, coalesce(nullif(u.first_name, ''), u.username) as user_name
    from drops d join due using (user_id) join users u on u.id = d.user_id
    order by d.user_id, (d.was - d.now) / d.was desc, d.name`);
  const byUser = new Map<number, DuePriceDrops>();
  for (
    const r of rowsOf<{
      id: number;
      user_id: number;
      product_id: number;
      name: string;
      slug: string;
      was: string;
      now: string;
      email: string;
      user_name: string;
    }>(result)
  ) {
    const userId = Number(r.user_id);
    const entry = byUser.get(userId) ?? { userId, email: r.email, name: r.user_name, drops: [] };
    entry.drops.push({
      wishlistItemId: Number(r.id),
      productId: Number(r.product_id),
      name: r.name,
      slug: r.slug,
      wasCents: toCents(String(r.was))!,
      nowCents: toCents(String(r.now))!,
    });
    byUser.set(userId, entry);
  }
  return [...byUser.values()];
}

/**
 * Claims the drops for the caller's e-mail: each saved product's seen price moves to the new price,
 * where it still reads the price the drop was measured from. Returns the drops claimed (another run
 * or instance that got there first leaves none). Run it in the transaction that queues the e-mail.
 */
export async function claimPriceDrops(tx: Db, drops: PriceDrop[]): Promise<PriceDrop[]> {
  const claimed: PriceDrop[] = [];
  for (const d of drops) {
    const done = await tx.update(wishlistItems).set({ priceSeen: toNumeric(d.nowCents) })
      .where(and(eq(wishlistItems.id, d.wishlistItemId), eq(wishlistItems.priceSeen, toNumeric(d.wasCents))))
      .returning({ id: wishlistItems.id });
    if (done.length) claimed.push(d);
  }
  return claimed;
}
