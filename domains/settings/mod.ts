/** The settings store's public surface: the generic key -> JSON store and the typed shop settings on it. */
export { readSetting, readSettings, writeSetting } from "./service.ts";
export {
  applyShopSettings,
  DEFAULT_DELIVERY_FEE,
  readShopSettings,
  SHOP_SETTINGS_AUDIT_ID,
  SHOP_SETTINGS_KEY,
  type ShopSettings,
  shopSettingsBody,
  shopSettingsDefaults,
  type ShopSettingsService,
  shopSettingsService,
  writeShopSettings,
} from "./shop.ts";
