/** The shop's details as pages show them: config.shop with what staff saved in /admin/settings. */
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";
import type { ShopInfo } from "../config.ts";
import type { DeliveryRates } from "../domains/cart/mod.ts";
import { applyShopSettings } from "../domains/settings/mod.ts";
import { logError } from "../lib/error_log.ts";

/**
 * One ShopInfo object per cached settings row (and config): markup pre-rendered from it
 * (lib/frozen.tsx: the footer, the top bar) is kept as long as it lives, and a save makes a new one.
 */
const applied = new WeakMap<object, WeakMap<ShopInfo, ShopInfo>>();

/** Cached per app (30 s, cleared on save); when the database fails, the environment's values. */
export async function siteShop(c: Context<AppEnv>): Promise<ShopInfo> {
  try {
    const settings = await c.var.caches.settings.get();
    let byConfig = applied.get(settings);
    if (!byConfig) applied.set(settings, byConfig = new WeakMap());
    let shop = byConfig.get(c.var.config.shop);
    if (!shop) byConfig.set(c.var.config.shop, shop = applyShopSettings(c.var.config.shop, settings));
    return shop;
  } catch (err) {
    logError("loading the shop settings failed", err, { requestId: c.get("requestId") });
    return c.var.config.shop;
  }
}

/** The delivery fee and free-delivery threshold staff set, for domains/cart/delivery.ts. */
export async function deliveryRates(c: Context<AppEnv>): Promise<DeliveryRates> {
  const shop = await siteShop(c);
  return { feeCents: shop.deliveryFeeCents, freeThresholdCents: shop.freeShippingThresholdCents };
}
