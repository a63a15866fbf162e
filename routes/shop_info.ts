/** The shop's details as pages show them: config.shop with what staff saved in /admin/settings. */
import type { Context } from "hono";
import type { AppEnv } from "../app.ts";
import type { ShopInfo } from "../config.ts";
import type { DeliveryRates } from "../domains/cart/mod.ts";
import { applyShopSettings } from "../domains/settings/mod.ts";
import { logError } from "../lib/error_log.ts";

/** Cached per app (30 s, cleared on save); when the database fails, the environment's values. */
export async function siteShop(c: Context<AppEnv>): Promise<ShopInfo> {
  try {
    return applyShopSettings(c.var.config.shop, await c.var.caches.settings.get());
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
