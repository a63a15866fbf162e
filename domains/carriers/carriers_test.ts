import assert from "node:assert/strict";
import { trackingLink } from "./mod.ts";

Deno.test("[carriers] a number's pattern names its carrier and tracking page", () => {
  assert.deepEqual(trackingLink("30412345678"), {
    carrier: "Aramex",
    url: "https://www.aramex.com/track/results?ShipmentNumber=30412345678",
  });
  assert.equal(trackingLink("TCG12345678")?.carrier, "The Courier Guy");
  assert.equal(trackingLink("tcg-889911")?.carrier, "The Courier Guy");
  assert.equal(trackingLink("PUD123456789")?.carrier, "PUDO");
  assert.equal(trackingLink("PN 12345678")?.carrier, "PostNet");
});

Deno.test("[carriers] the carrier staff typed wins over the pattern", () => {
  const l = trackingLink("30412345678", "the courier guy");
  assert.equal(l?.carrier, "The Courier Guy");
  assert.equal(l?.url, "https://portal.thecourierguy.co.za/track?ref=30412345678");
  assert.equal(trackingLink("ABC-1", " PUDO locker ")?.carrier, "PUDO");
  assert.equal(trackingLink("ABC-1", "TCG Economy")?.carrier, "The Courier Guy");
});

Deno.test("[carriers] unknown patterns and unknown carriers get no link", () => {
  assert.equal(trackingLink("XYZ-1"), null);
  assert.equal(trackingLink("1234567890"), null, "10 digits is no Aramex waybill");
  assert.equal(trackingLink("30412345678", "DHL"), null, "a carrier without a page here is never guessed");
  assert.equal(trackingLink(""), null);
  assert.equal(trackingLink(null, "Aramex"), null);
});

Deno.test("[carriers] the number is encoded into the address", () => {
  assert.equal(
    trackingLink("A&B 1/2", "Aramex")?.url,
    "https://www.aramex.com/track/results?ShipmentNumber=A%26B%201%2F2",
  );
});
