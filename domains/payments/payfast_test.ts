/** PayFast's signature (checked against a parameter string written and hashed by hand), ITN checks, config. */
import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "../../config.ts";
import { ValidationError } from "../../lib/errors.ts";
import { createHash } from "node:crypto";
import { payfastGateway, PayFastItnRefused, phpUrlencode } from "./payfast.ts";

const SANDBOX = {
  merchantId: "10000100",
  merchantKey: "46f0cd694581a",
  passphrase: "jt7NOE43FZPn",
  base: "https://sandbox.payfast.co.za",
  verifySourceIp: false,
};

const example = {
  orderId: 7,
  orderNumber: "RB-2026-0007 Gecko's *~!",
  totalCents: 123_450,
  returnUrl: "https://shop.example/checkout?order=7&confirmed=1&provider=payfast",
  cancelUrl: "https://shop.example/checkout?order=7",
  notifyUrl: "https://shop.example/api/webhooks/payfast",
};

Deno.test("[payfast] urlencode is PHP's: spaces as +, upper-case hex, !'()*~ encoded", () => {
  assert.equal(phpUrlencode("a b/c?d=e&f"), "a+b%2Fc%3Fd%3De%26f");
  assert.equal(phpUrlencode("Gecko's *~!()"), "Gecko%27s+%2A%7E%21%28%29");
  assert.equal(phpUrlencode("-_.AZaz09"), "-_.AZaz09");
  assert.equal(phpUrlencode("é"), "%C3%A9");
});

Deno.test("[payfast] the checkout form: fields in PayFast's order, signature of a hand-computed example", () => {
  const form = payfastGateway(SANDBOX)!.checkoutForm(example);
  assert.equal(form.action, "https://sandbox.payfast.co.za/eng/process");
  assert.deepEqual(Object.keys(form.fields), [
    "merchant_id",
    "merchant_key",
    "return_url",
    "cancel_url",
    "notify_url",
    "m_payment_id",
    "amount",
    "item_name",
    "signature",
  ]);
  assert.equal(form.fields.amount, "1234.50");
  assert.equal(form.fields.m_payment_id, "7");
  // md5 of the string below, computed with md5sum (see the test's history), passphrase appended:
  // merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fshop.example%2Fcheckout%3Forder%3D7%26confirmed%3D1%26provider%3Dpayfast&cancel_url=https%3A%2F%2Fshop.example%2Fcheckout%3Forder%3D7&notify_url=https%3A%2F%2Fshop.example%2Fapi%2Fwebhooks%2Fpayfast&m_payment_id=7&amount=1234.50&item_name=RB-2026-0007+Gecko%27s+%2A%7E%21&passphrase=jt7NOE43FZPn
  assert.equal(form.fields.signature, "8a03f8a574315c0a090062fd48360846");
  // Without a passphrase the string ends at item_name.
  const bare = payfastGateway({ ...SANDBOX, passphrase: undefined })!.checkoutForm(example);
  assert.equal(bare.fields.signature, "cd427981150fabe53d1a725ef815c2aa");
});

/** An ITN body signed the way PayFast signs one: every field in posted order, then the passphrase. */
function itnBody(overrides: Record<string, string> = {}) {
  const pairs = [
    ["m_payment_id", "7"],
    ["pf_payment_id", "1089250"],
    ["payment_status", "COMPLETE"],
    ["item_name", "RB-2026-0007"],
    ["item_description", ""],
    ["amount_gross", "1234.50"],
    ["amount_fee", "-28.40"],
    ["amount_net", "1206.10"],
    ["merchant_id", "10000100"],
  ].map(([k, v]) => [k, overrides[k] ?? v] as [string, string]);
  const params = pairs.map(([k, v]) => `${k}=${phpUrlencode(v)}`).join("&");
  // node:crypto directly, so the test does not lean on the module's own signing function.
  const signature = overrides.signature ??
    createHash("md5").update(`${params}&passphrase=${SANDBOX.passphrase}`).digest("hex");
  return `${params}&signature=${signature}`;
}

Deno.test("[payfast] an ITN: signature with the passphrase, merchant id, and the parsed facts", async () => {
  const gateway = payfastGateway(SANDBOX)!;
  const itn = await gateway.verifyItn(itnBody(), "127.0.0.1");
  assert.equal(itn.pfPaymentId, "1089250");
  assert.equal(itn.paymentStatus, "COMPLETE");
  assert.equal(itn.orderId, 7);
  assert.equal(itn.amountCents, 123_450);
  const facts = gateway.itnFacts(itn);
  assert.equal(facts.status, "succeeded");
  assert.equal(facts.provider, "payfast");
  assert.deepEqual(facts.metadata, { orderId: "7", orderNumber: "RB-2026-0007" });

  await assert.rejects(gateway.verifyItn(itnBody({ signature: "0".repeat(32) }), "127.0.0.1"), PayFastItnRefused);
  // A changed amount breaks the signature.
  const tampered = itnBody().replace("amount_gross=1234.50", "amount_gross=1.00");
  await assert.rejects(gateway.verifyItn(tampered, "127.0.0.1"), PayFastItnRefused);
  // Another merchant's ITN, correctly signed, is still refused.
  await assert.rejects(gateway.verifyItn(itnBody({ merchant_id: "10000999" }), "127.0.0.1"), /another merchant/);
  // Not an ITN at all: 400.
  await assert.rejects(gateway.verifyItn("hello=world", "127.0.0.1"), ValidationError);
});

Deno.test("[payfast] source-IP check: PayFast's ranges and resolved hosts pass, others are refused", async () => {
  const gateway = payfastGateway({ ...SANDBOX, verifySourceIp: true }, {
    resolve: (host) => Promise.resolve(host === "sandbox.payfast.co.za" ? ["203.0.113.9"] : []),
  })!;
  assert.equal((await gateway.verifyItn(itnBody(), "197.97.145.145")).pfPaymentId, "1089250");
  assert.equal((await gateway.verifyItn(itnBody(), "203.0.113.9")).pfPaymentId, "1089250");
  await assert.rejects(gateway.verifyItn(itnBody(), "198.51.100.7"), /not from PayFast/);
});

Deno.test("[payfast] config: off without id and key, live host by default with the IP check on", () => {
  assert.equal(loadConfig({}).payfast, null);
  const live = loadConfig({ PAYFAST_MERCHANT_ID: "10000100", PAYFAST_MERCHANT_KEY: "46f0cd694581a" }).payfast!;
  assert.equal(live.base, "https://www.payfast.co.za");
  assert.equal(live.verifySourceIp, true);
  const sandbox = loadConfig({
    PAYFAST_MERCHANT_ID: "10000100",
    PAYFAST_MERCHANT_KEY: "46f0cd694581a",
    PAYFAST_BASE: "https://sandbox.payfast.co.za/",
  }).payfast!;
  assert.equal(sandbox.base, "https://sandbox.payfast.co.za");
  assert.equal(sandbox.verifySourceIp, false);
  assert.throws(() => loadConfig({ PAYFAST_MERCHANT_ID: "10000100" }), (e: Error) => {
    assert.ok(e instanceof ConfigError);
    assert.match(e.message, /PAYFAST_MERCHANT_KEY/);
    return true;
  });
  assert.throws(() => loadConfig({ PAYFAST_MERCHANT_ID: "abc", PAYFAST_MERCHANT_KEY: "k" }), /PAYFAST_MERCHANT_ID/);
  assert.throws(() => loadConfig({ PAYFAST_VERIFY_SOURCE_IP: "yes" }), /PAYFAST_VERIFY_SOURCE_IP/);
});
