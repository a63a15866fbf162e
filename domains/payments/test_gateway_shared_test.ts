import assert from "node:assert/strict";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { serveTestGateway, testGatewayOver } from "./test_gateway_shared.ts";
import { NOTHING_TO_REFUND, TEST_CARD_SUCCESS, testGateway, UNKNOWN_TEST_PAYMENT } from "./test_gateway.ts";
import { PaymentRefusedError } from "./types.ts";

/** The first thread's gateway and a further thread's view of it, over one message channel. */
function sharedPair() {
  const owner = testGateway();
  const channel = new MessageChannel();
  serveTestGateway(owner, channel.port1);
  const other = testGatewayOver(channel.port2);
  return { owner, other, close: () => (channel.port1.close(), channel.port2.close()) };
}

Deno.test("[payments] shared test gateway: an attempt made through one thread is paid, read and refunded from the other", async () => {
  const { owner, other, close } = sharedPair();
  try {
    const created = await other.createIntent({ amountCents: 12_345, currency: "zar", metadata: { orderId: "7" } });
    const paid = await owner.confirmTestCard(created.clientSecret, TEST_CARD_SUCCESS);
    assert.equal(paid.status, "succeeded");
    const seen = await other.retrieveIntent(created.id);
    assert.equal(seen?.status, "succeeded");
    assert.equal(seen?.amountCents, 12_345);
    assert.deepEqual(seen?.metadata, { orderId: "7" });
    const refund = await other.refund({ intentId: created.id, amountCents: 2_345, idempotencyKey: "r1" });
    assert.equal(refund.amountCents, 2_345);
    assert.equal(
      (await owner.refund({ intentId: created.id, amountCents: 2_345, idempotencyKey: "r1" })).id,
      refund.id,
    );
  } finally {
    close();
  }
});

Deno.test("[payments] shared test gateway: refusals keep their kind and message across threads", async () => {
  const { other, close } = sharedPair();
  try {
    await assert.rejects(
      other.confirmTestCard("pi_test_missing_secret_x", TEST_CARD_SUCCESS),
      (e: Error) => e instanceof NotFoundError && e.message === UNKNOWN_TEST_PAYMENT,
    );
    await assert.rejects(other.createIntent({ amountCents: 0, currency: "zar" }), ValidationError);
    const created = await other.createIntent({ amountCents: 500, currency: "zar" });
    await assert.rejects(
      other.refund({ intentId: created.id, amountCents: 500, idempotencyKey: "r2" }),
      (e: Error) => e instanceof PaymentRefusedError && e.message === NOTHING_TO_REFUND,
    );
    await other.cancelIntent(created.id);
    await assert.rejects(other.confirmTestCard(created.clientSecret, TEST_CARD_SUCCESS), ConflictError);
  } finally {
    close();
  }
});
