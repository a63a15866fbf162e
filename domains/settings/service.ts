/**
 * Settings staff change in the admin area, kept as one JSON value per key in shop_settings. A key
 * without a row falls back to the caller's default (from the environment), so a fresh shop needs no
 * settings rows. Typed views (shop details, delivery) are built on top of these two functions.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { shopSettings } from "../../db/schema/mod.ts";

/** The stored value of each key that has one (keys without a row are absent from the map). */
export async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  if (!keys.length) return new Map();
  const rows = await db.select({ key: shopSettings.key, value: shopSettings.value }).from(shopSettings)
    .where(inArray(shopSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** One stored value, or undefined when the key has no row. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: shopSettings.value }).from(shopSettings).where(eq(shopSettings.key, key));
  return row?.value;
}

/** Stores (or replaces) one value; `null` removes the row so the default applies again. */
export async function writeSetting(db: Db, key: string, value: unknown, userId: number | null): Promise<void> {
  if (value === null || value === undefined) {
    await db.delete(shopSettings).where(eq(shopSettings.key, key));
    return;
  }
  await db.insert(shopSettings).values({ key, value, updatedBy: userId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedBy: userId, updatedAt: new Date() } });
}
