import assert from "node:assert/strict";
import { changeText, describeAudit, fieldLabel, valueText } from "./mod.ts";

Deno.test("[audit sentences] a product update reads 'Price R 1 299,00 -> R 1 199,00' per field", () => {
  const s = describeAudit({
    entityType: "product",
    entityId: 12,
    action: "update",
    details: {
      changes: {
        price: { before: "1299.00", after: "1199.00" },
        isFeatured: { before: false, after: true },
        description: { before: null, after: "Full-spectrum" },
      },
    },
  });
  assert.equal(s.summary, "Product #12 updated");
  assert.deepEqual(s.changes.map(changeText), [
    "Price R\u00a01\u00a0299,00 -> R\u00a01\u00a0199,00",
    "Is featured no -> yes",
    "Description (empty) -> Full-spectrum",
  ]);
  assert.deepEqual(s.facts, []);
});

/** An audit entry, and what it must read as (changes and facts are checked where given). */
interface Reading {
  entry: Parameters<typeof describeAudit>[0];
  summary: string;
  changes?: string[];
  facts?: string[];
}

const ORDER_3 = { entityType: "order", entityId: 3 } as const;

const READINGS: Reading[] = [
  {
    entry: {
      entityType: "product",
      entityId: 12,
      action: "setup_rule_changed",
      details: {
        setupRule: "UVB lighting, every variant",
        changes: { uvbPct: { before: 12, after: 6 }, speciesSlugs: { before: [], after: ["bearded-dragon"] } },
      },
    },
    summary: "Product #12 setup rule changed",
    changes: ["UVB strength (%) 12 -> 6", "Only for species (none) -> bearded-dragon"],
    facts: ["Setup rule: UVB lighting, every variant"],
  },
  {
    entry: {
      ...ORDER_3,
      action: "status_change",
      details: { from: "processing", to: "shipped", trackingNumber: "TCG123456", carrier: null },
    },
    summary: "Order #3 marked shipped",
    changes: ["Status processing -> shipped"],
    facts: ["Tracking number: TCG123456"],
  },
  {
    entry: {
      ...ORDER_3,
      action: "refund",
      details: { refundId: 9, amount: 450, reason: "Broken", refundedAmount: { before: 0, after: 450 } },
    },
    summary: "Order #3 refunded R\u00a0450,00",
    changes: ["Refunded amount R\u00a00,00 -> R\u00a0450,00"],
    facts: ["Reason: Broken"],
  },
  {
    entry: {
      entityType: "user",
      entityId: 5,
      action: "role_change",
      details: { before: { role: "customer" }, after: { role: "admin" } },
    },
    summary: "User #5 given another role",
    changes: ["Role customer -> admin"],
  },
  {
    entry: { ...ORDER_3, action: "note", details: { noteId: 1, body: "Call first" } },
    summary: "Internal note added to order #3",
    facts: ["Call first"],
  },
];

Deno.test("[audit sentences] order status changes, refunds, roles and notes", () => {
  for (const { entry, summary, changes, facts } of READINGS) {
    const s = describeAudit(entry);
    assert.equal(s.summary, summary);
    if (changes) assert.deepEqual(s.changes.map(changeText), changes, summary);
    if (facts) assert.deepEqual(s.facts, facts, summary);
  }
});

Deno.test("[audit sentences] labels and values", () => {
  assert.equal(fieldLabel("salePrice"), "Sale price");
  assert.equal(fieldLabel("pudo_eligible"), "Pudo eligible");
  assert.equal(valueText("discountCents", 1250), "R\u00a012,50");
  assert.equal(valueText("tags", ["uvb", "t5"]), "uvb, t5");
  assert.equal(valueText("images", [{ url: "a" }, { url: "b" }]), "2 items");
  assert.equal(valueText("name", "x".repeat(300)).length, 120);
  assert.equal(
    describeAudit({ entityType: "setting", entityId: 0, action: "update", details: null }).summary,
    "Settings updated",
  );
});
