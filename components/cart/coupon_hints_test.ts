import assert from "node:assert/strict";
import { couponExpiry } from "./CouponHints.tsx";

const now = new Date("2026-11-24T12:00:00Z");
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);

Deno.test("[coupons] the expiry warning is red when 3 days or fewer remain, not at 4", () => {
  assert.deepEqual(couponExpiry(inDays(3), now), { text: "Expires in 3 days", urgent: true });
  assert.deepEqual(couponExpiry(inDays(1), now), { text: "Expires in 1 day", urgent: true });
  assert.deepEqual(couponExpiry(inDays(0.5), now), { text: "Expires in 1 day", urgent: true });
  assert.equal(couponExpiry(inDays(3.5), now)?.urgent, false);
  assert.equal(couponExpiry(inDays(4), now)?.urgent, false);
  assert.equal(couponExpiry(null, now), null);
});
