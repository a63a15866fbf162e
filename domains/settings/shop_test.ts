import assert from "node:assert/strict";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import { testConfig } from "../../tests/helpers/app.ts";
import { auditLogs } from "../../db/schema/mod.ts";
import { applyShopSettings, shopSettingsBody, shopSettingsDefaults, shopSettingsService, writeSetting } from "./mod.ts";

const { test, closeDatabase } = useTestDatabase();
const shop = testConfig().shop;
const defaults = shopSettingsDefaults(shop);

const valid = {
  ...defaults,
  shopName: "Reptile Basics Cape",
  vatNumber: "4123456789",
  freeDeliveryThreshold: 999.5,
  deliveryFee: 0,
};

test("[settings] the schema: VAT 10 digits from 4, amounts >= 0 with 2 decimals, valid e-mail, no control characters, no extra keys", () => {
  assert.ok(shopSettingsBody.safeParse(valid).success);
  assert.ok(shopSettingsBody.safeParse({ ...valid, vatNumber: "" }).success, "not VAT registered");
  const refused: [Record<string, unknown>, string][] = [
    [{ vatNumber: "5123456789" }, "VAT number must be 10 digits starting with 4"],
    [{ vatNumber: "412345678" }, "VAT number must be 10 digits starting with 4"],
    [{ deliveryFee: -1 }, "Delivery fee cannot be negative"],
    [{ freeDeliveryThreshold: 10.005 }, "Free-delivery threshold can have at most 2 decimals"],
    [{ freeDeliveryThreshold: "1500" }, "Free-delivery threshold must be a number"],
    [{ email: "not-an-address" }, "Enter a valid e-mail address"],
    [{ shopName: "Bad\u0000name" }, "Remove control characters (such as line breaks) from this field"],
    [{ address: "Line one\nLine two" }, "Remove control characters (such as line breaks) from this field"],
    [{ shopName: "" }, "Shop name is required"],
    [{ phone: "call me" }, "Phone can hold digits, spaces, +, ( and ) only"],
    [{ extra: true }, 'Unrecognized key: "extra"'],
  ];
  for (const [over, message] of refused) {
    const r = shopSettingsBody.safeParse({ ...valid, ...over });
    assert.equal(r.success, false, JSON.stringify(over));
    assert.ok(
      r.error!.issues.some((i) => i.message === message),
      `${JSON.stringify(over)}: ${r.error!.issues[0].message}`,
    );
  }
});

test("[settings] defaults come from the environment; saved values win; a broken stored field falls back to its default", async (db) => {
  const service = shopSettingsService(db, shop, undefined, 60_000);
  assert.deepEqual(await service.get(), defaults);
  assert.equal(defaults.vatNumber, "4810262345");
  await writeSetting(db, "shop", { ...defaults, shopName: "Stored", deliveryFee: "lots" }, null);
  const fresh = shopSettingsService(db, shop, undefined, 60_000);
  const read = await fresh.get();
  assert.equal(read.shopName, "Stored");
  assert.equal(read.deliveryFee, defaults.deliveryFee);
  const applied = applyShopSettings(shop, { ...read, vatNumber: "4999999999", freeDeliveryThreshold: 750.25 });
  assert.equal(applied.name, "Stored");
  assert.equal(applied.business.taxId, "VAT 4999999999");
  assert.equal(applied.freeShippingThresholdCents, 75025);
  assert.equal(applied.business.directors, shop.business.directors, "fields staff do not edit stay");
});

test("[settings] the cache serves reads until a save clears it; the save is audited with before and after", async (db) => {
  const admin = await createUser(db, { role: "admin" });
  const service = shopSettingsService(db, shop, undefined, 60_000);
  assert.equal((await service.get()).shopName, shop.name);
  // A write behind the service's back is not seen (cached) ...
  await writeSetting(db, "shop", { ...defaults, shopName: "Behind the back" }, null);
  assert.equal((await service.get()).shopName, shop.name);
  // ... a save through it is, at once.
  await service.save(valid, admin.id);
  assert.equal((await service.get()).shopName, "Reptile Basics Cape");
  const [entry] = await db.select().from(auditLogs);
  assert.equal(entry.entityType, "setting");
  assert.equal(entry.action, "update");
  assert.equal(entry.userId, admin.id);
  const changes = (entry.details as { changes: Record<string, unknown> }).changes;
  assert.deepEqual(changes.shopName, { before: "Behind the back", after: "Reptile Basics Cape" });
  assert.deepEqual(changes.deliveryFee, { before: 95, after: 0 });
  assert.equal("email" in changes, false, "unchanged fields are not listed");
});

closeDatabase();
