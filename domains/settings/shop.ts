/**
 * The shop's own details and delivery amounts, as staff set them in /admin/settings: one typed view
 * over the generic settings store (one JSON value under the key "shop"). The environment (config.shop)
 * gives the defaults, so a fresh shop needs no row, and a field never set keeps following its
 * environment variable. Pages read the values through a per-app cache (every storefront page shows
 * the free-delivery text), cleared when staff save.
 */
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { ShopInfo } from "../../config.ts";
import { ttlCache } from "../../lib/ttl_cache.ts";
import { type CacheVersions, STOREFRONT } from "../../db/cache_versions.ts";
import { changedFields, recordAudit } from "../admin_audit/mod.ts";
import { readSetting, writeSetting } from "./service.ts";

export const SHOP_SETTINGS_KEY = "shop";
/** The audit trail's id for the shop settings record (there is one). */
export const SHOP_SETTINGS_AUDIT_ID = 1;
/** The standard delivery fee before staff or DELIVERY_FEE set one (docs/ARCHITECTURE: default R95). */
export const DEFAULT_DELIVERY_FEE = 95;
/** A backstop: saves drop the cache on every instance through cache_versions (db/cache_versions.ts). */
export const SETTINGS_CACHE_MS = 5 * 60_000;

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const NO_CONTROL = "Remove control characters (such as line breaks) from this field";

function text(label: string, min: number, max: number) {
  return z.string({ error: `${label} is required` }).trim()
    .min(min, min === 1 ? `${label} is required` : `${label} must be at least ${min} characters`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), NO_CONTROL);
}

function rand(label: string) {
  return z.number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(99_999_999.99, `${label} is too large`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`);
}

const STOCK_ALERT_EMAIL = "Enter a valid e-mail address, or leave it empty to send no low-stock e-mails";

/** PUT /api/admin/settings and the settings form: every field, checked. */
export const shopSettingsBody = z.object({
  shopName: text("Shop name", 1, 80),
  companyName: text("Company name", 1, 120),
  registrationNumber: text("Registration number", 0, 40),
  vatNumber: z.string({ error: "VAT number must be 10 digits starting with 4" }).trim()
    .regex(/^(4\d{9})?$/, "VAT number must be 10 digits starting with 4"),
  email: z.string({ error: "Enter a valid e-mail address" }).trim().max(254, "Enter a valid e-mail address")
    .pipe(z.email("Enter a valid e-mail address")),
  phone: text("Phone", 0, 30).refine((v) => /^[0-9+() -]*$/.test(v), "Phone can hold digits, spaces, +, ( and ) only"),
  address: text("Address", 1, 200),
  freeDeliveryThreshold: rand("Free-delivery threshold"),
  deliveryFee: rand("Delivery fee"),
  /** Where the daily low-stock e-mail goes (decision 0104); "" sends none. */
  stockAlertEmail: z.string({ error: STOCK_ALERT_EMAIL }).trim().max(254, STOCK_ALERT_EMAIL)
    .pipe(z.union([z.literal(""), z.email(STOCK_ALERT_EMAIL)], { error: STOCK_ALERT_EMAIL })),
}).strict();

export type ShopSettings = z.output<typeof shopSettingsBody>;

/** The defaults: what the environment (config.shop) says. */
export function shopSettingsDefaults(shop: ShopInfo): ShopSettings {
  return {
    shopName: shop.name,
    companyName: shop.business.companyName,
    registrationNumber: shop.business.registrationNumber,
    vatNumber: shop.business.taxId.replace(/\D/g, ""),
    email: shop.contact.email,
    phone: shop.contact.phone,
    address: shop.contact.address,
    freeDeliveryThreshold: shop.freeShippingThresholdCents / 100,
    deliveryFee: shop.deliveryFeeCents / 100,
    stockAlertEmail: shop.contact.email,
  };
}

/**
 * The stored values over the defaults, field by field: a stored field that no longer passes the
 * schema (an older version wrote it) falls back to its default instead of breaking every page.
 */
export async function readShopSettings(db: Db, defaults: ShopSettings): Promise<ShopSettings> {
  const stored = await readSetting(db, SHOP_SETTINGS_KEY);
  const result: ShopSettings = { ...defaults };
  if (!stored || typeof stored !== "object") return result;
  const shape = shopSettingsBody.shape;
  for (const key of Object.keys(shape) as (keyof ShopSettings)[]) {
    const parsed = shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) (result as Record<string, unknown>)[key] = parsed.data;
  }
  return result;
}

/** Saves every field (as checked by shopSettingsBody) and audits the changed ones, in one transaction. */
export async function writeShopSettings(
  db: Db,
  input: ShopSettings,
  defaults: ShopSettings,
  userId: number,
): Promise<ShopSettings> {
  return await db.transaction(async (tx) => {
    const before = await readShopSettings(tx, defaults);
    await writeSetting(tx, SHOP_SETTINGS_KEY, input, userId);
    const changes = changedFields({ ...before }, { ...input });
    if (Object.keys(changes).length) {
      await recordAudit(tx, {
        userId,
        entityType: "setting",
        entityId: SHOP_SETTINGS_AUDIT_ID,
        action: "update",
        details: { key: SHOP_SETTINGS_KEY, changes },
      });
    }
    return { ...input };
  });
}

/** The shop as pages show it: config.shop with the saved details, delivery fee and free-delivery threshold. */
export function applyShopSettings(shop: ShopInfo, s: ShopSettings): ShopInfo {
  return {
    ...shop,
    name: s.shopName,
    contact: { ...shop.contact, email: s.email, phone: s.phone, address: s.address },
    business: {
      ...shop.business,
      companyName: s.companyName,
      registrationNumber: s.registrationNumber,
      taxId: s.vatNumber ? `VAT ${s.vatNumber}` : "",
    },
    freeShippingThresholdCents: Math.round(s.freeDeliveryThreshold * 100),
    deliveryFeeCents: Math.round(s.deliveryFee * 100),
  };
}

/** The one settings service of an app: cached reads, saves that clear the cache. */
export interface ShopSettingsService {
  defaults: ShopSettings;
  get(): Promise<ShopSettings>;
  save(input: ShopSettings, userId: number): Promise<ShopSettings>;
}

export function shopSettingsService(
  db: Db,
  shop: ShopInfo,
  versions?: CacheVersions,
  ttlMs = SETTINGS_CACHE_MS,
): ShopSettingsService {
  const defaults = shopSettingsDefaults(shop);
  const cache = ttlCache(ttlMs, () => readShopSettings(db, defaults));
  versions?.onChange(STOREFRONT, () => cache.clear());
  return {
    defaults,
    get: () => cache.get(),
    async save(input, userId) {
      try {
        return await writeShopSettings(db, input, defaults, userId);
      } finally {
        cache.clear();
        // Every instance's pages show these values (delivery texts, footer): drop them everywhere.
        await versions?.bump(STOREFRONT);
      }
    },
  };
}
