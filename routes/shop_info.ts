/** The shop's details as pages show them: config.shop with what staff saved in /admin/settings. */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import type { ShopInfo } from "../config.ts";
import type { DeliveryRates } from "../domains/cart/mod.ts";
import { applyShopSettings } from "../domains/settings/mod.ts";
import { logError } from "../lib/error_log.ts";
import { keptBeside } from "../lib/kept.ts";

/**
 * One ShopInfo object per cached settings row (and config): markup pre-rendered from it
 * (lib/frozen.tsx: the footer, the top bar) is kept as long as it lives, and a save makes a new one.
 */
const applied = keptBeside<object, ShopInfo, ShopInfo>();

/** Cached per app (30 s, cleared on save); when the database fails, the environment's values. */
export async function siteShop(c: Context<AppEnv>): Promise<ShopInfo> {
  try {
    const settings = await c.var.caches.settings.get();
    const config = c.var.config.shop;
    return applied(settings, config, () => applyShopSettings(config, settings));
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
