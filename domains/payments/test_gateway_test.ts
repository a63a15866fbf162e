import assert from "node:assert/strict";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { CARD_DECLINED, isTestGateway, testGateway, UNKNOWN_TEST_PAYMENT, USE_TEST_CARD } from "./test_gateway.ts";

const intent = { amountCents: 12_500, currency: "zar" as const, metadata: { orderId: "7" } };

Deno.test("[payments] the test provider creates attempts with Stripe-like ids and secrets", async () => {
  const gateway = testGateway();
  const a = await gateway.createIntent(intent);
  const b = await gateway.createIntent(intent);
  assert.match(a.id, /^pi_test_[0-9a-f]{24}$/);
  assert.match(a.clientSecret, new RegExp(`^${a.id}_secret_[0-9a-f]{24}$`));
  assert.notEqual(a.id, b.id);
  const facts = await gateway.retrieveIntent(a.id);
  assert.deepEqual(facts, {
    id: a.id,
    status: "requires_payment_method",
    amountCents: 12_500,
    currency: "zar",
    metadata: { orderId: "7" },
    lastError: null,
    clientSecret: a.clientSecret,
  });
  assert.equal(gateway.provider, "test");
  assert.equal(gateway.publishableKey, null);
  assert.ok(isTestGateway(gateway));
});

Deno.test("[payments] the test provider answers a repeated idempotency key with the same attempt", async () => {
  const gateway = testGateway();
  const a = await gateway.createIntent({ ...intent, idempotencyKey: "order-7-1" });
  const b = await gateway.createIntent({ ...intent, idempotencyKey: "order-7-1" });
  const c = await gateway.createIntent({ ...intent, idempotencyKey: "order-7-2" });
  assert.deepEqual(a, b);
  assert.notEqual(a.id, c.id);
});

Deno.test("[payments] test card 4242 4242 4242 4242 pays, with or without spaces", async () => {
  const gateway = testGateway();
  for (const number of ["4242 4242 4242 4242", "4242424242424242", " 4242-4242-4242-4242 "]) {
    const { id, clientSecret } = await gateway.createIntent(intent);
    const facts = await gateway.confirmTestCard(clientSecret, number);
    assert.equal(facts.status, "succeeded");
    assert.equal(facts.id, id);
    assert.equal(facts.lastError, null);
    assert.equal((await gateway.retrieveIntent(id))?.status, "succeeded");
    // Confirming a paid attempt again changes nothing.
    assert.equal((await gateway.confirmTestCard(clientSecret, "4000 0000 0000 0002")).status, "succeeded");
  }
});

Deno.test("[payments] test card 4000 0000 0000 0002 is declined and the attempt stays open", async () => {
  const gateway = testGateway();
  const { id, clientSecret } = await gateway.createIntent(intent);
  const declined = await gateway.confirmTestCard(clientSecret, "4000 0000 0000 0002");
  assert.equal(declined.status, "requires_payment_method");
  assert.equal(declined.lastError, CARD_DECLINED);
  assert.equal(declined.lastError, "Your card was declined.");
  const paid = await gateway.confirmTestCard(clientSecret, "4242424242424242");
  assert.equal(paid.status, "succeeded");
  assert.equal(paid.lastError, null);
  assert.equal((await gateway.retrieveIntent(id))?.status, "succeeded");
});

Deno.test("[payments] any other card number is refused and changes nothing", async () => {
  const gateway = testGateway();
  const { id, clientSecret } = await gateway.createIntent(intent);
  for (const number of ["5555 5555 5555 4444", "", "abc"]) {
    await assert.rejects(gateway.confirmTestCard(clientSecret, number), (err) => {
      assert.ok(err instanceof ValidationError);
      assert.equal(err.message, USE_TEST_CARD);
      return true;
    });
  }
  assert.equal((await gateway.retrieveIntent(id))?.status, "requires_payment_method");
});

Deno.test("[payments] an unknown or altered client secret finds no attempt", async () => {
  const gateway = testGateway();
  const { id } = await gateway.createIntent(intent);
  for (const secret of [`${id}_secret_wrong`, "pi_test_nope_secret_x", "garbage"]) {
    await assert.rejects(gateway.confirmTestCard(secret, "4242424242424242"), (err) => {
      assert.ok(err instanceof NotFoundError);
      assert.equal(err.message, UNKNOWN_TEST_PAYMENT);
      return true;
    });
  }
  assert.equal(await gateway.retrieveIntent("pi_test_unknown"), null);
});

Deno.test("[payments] cancelling: an open attempt is cancelled, a paid one stays paid", async () => {
  const gateway = testGateway();
  const open = await gateway.createIntent(intent);
  await gateway.cancelIntent(open.id);
  assert.equal((await gateway.retrieveIntent(open.id))?.status, "canceled");
  await assert.rejects(gateway.confirmTestCard(open.clientSecret, "4242424242424242"), ConflictError);
  const paid = await gateway.createIntent(intent);
  await gateway.confirmTestCard(paid.clientSecret, "4242424242424242");
  await gateway.cancelIntent(paid.id);
  assert.equal((await gateway.retrieveIntent(paid.id))?.status, "succeeded");
  await gateway.cancelIntent("pi_test_unknown"); // no-op
});

Deno.test("[payments] the test provider's facts are copies; it takes no webhooks", async () => {
  const gateway = testGateway();
  const { id } = await gateway.createIntent(intent);
  const facts = (await gateway.retrieveIntent(id))!;
  facts.status = "succeeded";
  facts.metadata.orderId = "999";
  const again = (await gateway.retrieveIntent(id))!;
  assert.equal(again.status, "requires_payment_method");
  assert.equal(again.metadata.orderId, "7");
  await assert.rejects(gateway.verifyWebhook("{}", "t=1,v1=x"), ValidationError);
  await assert.rejects(gateway.createIntent({ ...intent, amountCents: 0 }), ValidationError);
});
