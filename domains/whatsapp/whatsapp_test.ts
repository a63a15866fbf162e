import assert from "node:assert/strict";
import { verifyWebhookSignature, webhookSignature } from "./signature.ts";
import { PAY_LINK_EXPIRED, PAY_LINK_INVALID, payLinkToken, readPayLinkToken } from "../orders/mod.ts";
import { mergeCartLines } from "../../flows/whatsapp_order.ts";
import { orderReply, orderUpdate } from "./messages.ts";
import { orderSchema } from "./schemas.ts";

Deno.test("[whatsapp] X-Hub-Signature-256 is the hex HMAC-SHA256 of the exact body with the app secret", () => {
  // Known vector: HMAC-SHA256("It's a Secret to Everybody", "Hello, World!") (GitHub's documented example).
  const header = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
  assert.equal(webhookSignature("Hello, World!", "It's a Secret to Everybody"), header);
  assert.ok(verifyWebhookSignature("Hello, World!", header, "It's a Secret to Everybody"));
  assert.ok(
    verifyWebhookSignature(
      "Hello, World!",
      header.toUpperCase().replace("SHA256", "sha256"),
      "It's a Secret to Everybody",
    ),
  );
  assert.ok(!verifyWebhookSignature("Hello, World! ", header, "It's a Secret to Everybody"), "one byte more");
  assert.ok(!verifyWebhookSignature("Hello, World!", header, "another secret"));
  for (const bad of [null, undefined, "", "sha256=", "sha1=757107ea", header.slice(0, -2), `${header}00`]) {
    assert.ok(!verifyWebhookSignature("Hello, World!", bad, "It's a Secret to Everybody"), String(bad));
  }
});

Deno.test("[whatsapp] a pay link names one order until it expires and cannot be altered", () => {
  const secret = "a-pay-link-secret-of-at-least-32-chars";
  const now = new Date("2026-11-27T08:00:00Z");
  const expires = new Date("2026-11-28T08:00:00Z");
  const token = payLinkToken(secret, 42, expires);
  assert.deepEqual(readPayLinkToken(secret, token, now), { ok: true, orderId: 42, expiresAt: expires });
  assert.deepEqual(readPayLinkToken(secret, token, expires), { ok: false, reason: PAY_LINK_EXPIRED });
  const [, exp, sig] = token.split(".");
  for (
    const forged of [`43.${exp}.${sig}`, `42.${Number(exp) + 1}.${sig}`, `42.${exp}.${sig.slice(0, -1)}A`, "42", ""]
  ) {
    assert.deepEqual(readPayLinkToken(secret, forged, now), { ok: false, reason: PAY_LINK_INVALID }, forged);
  }
  assert.deepEqual(readPayLinkToken("another-secret-another-secret-another", token, now), {
    ok: false,
    reason: PAY_LINK_INVALID,
  });
});

Deno.test("[whatsapp] a cart's lines for the same retailer id are one line; quantities and prices may be strings", () => {
  const order = orderSchema.parse({
    product_items: [
      { product_retailer_id: "LAMP", quantity: "2", item_price: "399.00", currency: "ZAR" },
      { product_retailer_id: 12345, quantity: 1, item_price: 10 },
      { product_retailer_id: "LAMP", quantity: 1, item_price: 1, currency: "ZAR" },
    ],
  });
  assert.deepEqual(mergeCartLines(order), [
    { retailerId: "LAMP", quantity: 3, itemPrice: 399, currency: "ZAR" },
    { retailerId: "12345", quantity: 1, itemPrice: 10, currency: undefined },
  ]);
  for (const quantity of [0, -1, 1.5, "two", 10_001]) {
    assert.ok(
      !orderSchema.safeParse({ product_items: [{ product_retailer_id: "X", quantity }] }).success,
      String(quantity),
    );
  }
  assert.ok(!orderSchema.safeParse({ product_items: [] }).success);
});

Deno.test("[whatsapp] the reply names the order, its rand total, what was left out, and the link", () => {
  const text = orderReply(
    "Reptile Basics",
    {
      orderId: 7,
      orderNumber: "RB-1",
      lines: [{
        retailerId: "LAMP",
        productId: 1,
        variantId: null,
        name: "Basking Lamp",
        variantName: null,
        sku: "LAMP",
        quantity: 2,
        unitPriceCents: 39_900,
        cartPriceCents: null,
      }],
      leftOut: [{ retailerId: "X", name: "Glass Terrarium", quantity: 5, reason: "short", available: 2 }],
      subtotalCents: 79_800,
      deliveryCents: 9_500,
      totalCents: 89_300,
      hasAddress: false,
      otherCurrency: null,
    },
    "https://shop.example/pay/wa/t",
    new Date("2026-11-28T08:00:00Z"),
  );
  assert.match(text, /order RB-1 at Reptile Basics/);
  assert.match(text, /2 x Basking Lamp: R\s?798,00/);
  assert.match(text, /Delivery: R\s?95,00/);
  assert.match(text, /Total: R\s?893,00/);
  assert.match(text, /Glass Terrarium: only 2 left \(you asked for 5\)/);
  assert.match(text, /give your delivery address on the payment page/);
  assert.match(text, /link valid until 28 Nov/);
  assert.ok(text.endsWith("https://shop.example/pay/wa/t"));
  const shipped = orderUpdate("Reptile Basics", "shipped", {
    orderNumber: "RB-1",
    totalCents: 89_300,
    refundedCents: 0,
    carrier: "The Courier Guy",
    trackingNumber: "TCG1",
  });
  assert.equal(
    shipped.text,
    "Reptile Basics, order RB-1: Your order is on its way with The Courier Guy, tracking number TCG1.",
  );
});
