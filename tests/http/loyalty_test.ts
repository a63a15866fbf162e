import assert from "node:assert/strict";
import type { Database, Db } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRewards } from "../../db/schema/mod.ts";
import { demoRewards } from "../../seed/demo.ts";
import { createCustomer, PASSWORD } from "../../domains/accounts/test_fixtures.ts";
import { useTestDatabase } from "../helpers/db.ts";
import { giveRefundDebt } from "../helpers/loyalty_debt.ts";
import { testApp } from "../helpers/app.ts";
import { jsonOf as json, pageText as textOf, type TestClient, testClient } from "../helpers/client.ts";

const { test, closeDatabase } = useTestDatabase();

async function signedIn(db: Db, database: Database, points = 0) {
  const user = await createCustomer(db, {});
  if (points) {
    await db.insert(loyaltyLedger).values({
      userId: user.id,
      points,
      reason: "Points for order RB-1001",
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    });
  }
  const client = testClient(testApp(database));
  const res = await client.postJson("/api/auth/login", { username: user.username, password: PASSWORD });
  assert.equal(res.status, 200);
  return { client, user };
}

async function rewards(db: Db) {
  const rows = await db.insert(loyaltyRewards).values(demoRewards).returning();
  return Object.fromEntries(rows.map((r) => [r.code, r]));
}

async function page(client: TestClient, path: string) {
  const res = await client.get(path);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  return await res.text();
}

test("[loyalty api] visitors: rewards are public, everything else is 401 JSON", async (db, database) => {
  const { R50OFF } = await rewards(db);
  const client = testClient(testApp(database));
  const list = await json(await client.get("/api/loyalty/rewards"), 200);
  assert.deepEqual(list.map((r: { code: string }) => r.code), ["R50OFF", "TENPERCENT", "R120OFF", "R250OFF"]);
  assert.equal(list[0].pointsCost, 500);
  assert.equal(list[0].discountValue, 50);
  for (const path of ["/api/loyalty/points", "/api/loyalty/history", "/api/loyalty/redemptions"]) {
    await json(await client.get(path), 401);
  }
  const redeem = await json(
    await client.postJson("/api/loyalty/redeem", { rewardId: R50OFF.id, pointsCost: 500 }),
    401,
  );
  assert.equal(redeem.error, "Please log in to redeem rewards.");
  await json(await client.postJson("/api/loyalty/validate-redemption", { code: "RWD-AAAAAAAA" }), 401);
});

test("[loyalty api] points, redeem, history, redemptions and validation", async (db, database) => {
  const { R50OFF, R120OFF } = await rewards(db);
  const { client } = await signedIn(db, database, 650);
  const pointsRes = await client.get("/api/loyalty/points");
  assert.equal(pointsRes.headers.get("cache-control"), "private, no-store");
  assert.deepEqual(await json(pointsRes, 200), { points: 650, tier: "Silver" });

  // The client's pointsCost is ignored: the database's cost (500) is spent.
  const redeemed = await json(
    await client.postJson("/api/loyalty/redeem", { rewardId: R50OFF.id, pointsCost: 1 }),
    200,
  );
  assert.equal(redeemed.currentPoints, 150);
  assert.match(redeemed.redemptionCode, /^RWD-[A-Z2-9]{8}$/);
  assert.ok(Date.parse(redeemed.expiresAt) > Date.now() + 29 * 86_400_000);
  assert.deepEqual(await json(await client.get("/api/loyalty/points"), 200), { points: 150, tier: "Bronze" });

  const short = await json(await client.postJson("/api/loyalty/redeem", { rewardId: R120OFF.id }), 409);
  assert.equal(short.error, "You need 850 more points to redeem this reward.");
  assert.equal(short.code, "insufficient_points");
  await json(await client.postJson("/api/loyalty/redeem", { rewardId: 99999 }), 404);
  await json(await client.postJson("/api/loyalty/redeem", { rewardId: "abc" }), 400);

  const history = await json(await client.get("/api/loyalty/history"), 200);
  assert.deepEqual(history.map((h: { points: number; reason: string }) => [h.points, h.reason]), [
    [-500, "Redeemed R50 off your order"],
    [650, "Points for order RB-1001"],
  ]);
  const mine = await json(await client.get("/api/loyalty/redemptions"), 200);
  assert.equal(mine.length, 1);
  assert.equal(mine[0].reward.name, "R50 off your order");
  assert.equal(mine[0].code, redeemed.redemptionCode);
  assert.equal(mine[0].used, false);
  assert.equal(mine[0].pointsSpent, 500);

  const valid = await json(
    await client.postJson("/api/loyalty/validate-redemption", { code: redeemed.redemptionCode }),
    200,
  );
  assert.equal(valid.isValid, true);
  assert.deepEqual(valid.discount, { type: "fixed_amount", value: 50, maxAmount: 50 });
  const unknown = await json(await client.postJson("/api/loyalty/validate-redemption", { code: "RWD-ZZZZZZZZ" }), 200);
  assert.deepEqual(unknown, { isValid: false, message: "Invalid redemption code", discount: null });
  const empty = await json(await client.postJson("/api/loyalty/validate-redemption", { code: " " }), 400);
  assert.equal(empty.error, "Please enter a redemption code");
});

test("[loyalty api] another customer's code is just invalid", async (db, database) => {
  const { R50OFF } = await rewards(db);
  const a = await signedIn(db, database, 600);
  const b = await signedIn(db, database, 600);
  const { redemptionCode } = await json(
    await a.client.postJson("/api/loyalty/redeem", { rewardId: R50OFF.id }),
    200,
  );
  const res = await json(await b.client.postJson("/api/loyalty/validate-redemption", { code: redemptionCode }), 200);
  assert.equal(res.isValid, false);
});

test("[loyalty page] a visitor gets a prompt to log in or register, not a redirect", async (db, database) => {
  await rewards(db);
  const html = await page(testClient(testApp(database)), "/loyalty");
  const text = textOf(html);
  assert.match(text, /Home \/ Account \/ Loyalty Programme/);
  assert.match(html, /href="\/login\?redirect=\/loyalty"/);
  assert.match(html, /href="\/register"/);
  assert.match(text, /How to Earn Points/);
  assert.match(text, /R50 off your order/);
  assert.doesNotMatch(html, /data-island="RedeemReward"/);
});

test("[loyalty page] a customer sees balance, tier progress, tabs and reward buttons", async (db, database) => {
  await rewards(db);
  const { client } = await signedIn(db, database, 650);
  const html = await page(client, "/loyalty");
  const text = textOf(html);
  assert.match(text, /650 points/);
  assert.match(text, /Silver Tier/);
  assert.match(text, /Earn 350 more points to reach Gold Tier/);
  assert.match(html, /aria-valuenow="65"/);
  for (const tab of ["Points History", "Available Rewards", "My Redemptions"]) assert.match(text, new RegExp(tab));
  assert.match(text, /Points for order RB-1001 2 days ago \+650/);
  assert.match(html, /data-island="Tabs"/);
  // The 800-, 1000- and 2000-point rewards are out of reach: disabled, with the points missing.
  assert.match(text, /You need 350 more points/);
  const buttons = [...html.matchAll(/<button[^>]*data-redeem="(\d+)"[^>]*>/g)].map((m) => m[0]);
  assert.equal(buttons.length, 4);
  assert.equal(buttons.filter((b) => / disabled=""/.test(b)).length, 3);
});

test("[loyalty page] the no-JS redeem form redirects with a toast and shows the code", async (db, database) => {
  const { R50OFF, R120OFF } = await rewards(db);
  const { client } = await signedIn(db, database, 650);
  const res = await client.postForm("/loyalty/redeem", { rewardId: String(R50OFF.id) });
  assert.equal(res.status, 303);
  const location = res.headers.get("location") ?? "";
  const code = decodeURIComponent(/code=([^#&]+)/.exec(location)?.[1] ?? "");
  assert.match(code, /^RWD-/);
  const text = textOf(await page(client, location));
  assert.match(text, /Reward Redeemed Successfully!/);
  assert.match(text, new RegExp(`Your code is ${code}`));
  assert.match(text, /150 points/);
  assert.match(text, /Redeemed R50 off your order .* −500/);
  assert.match(text, new RegExp(`R50 off your order ${code} Active`));

  const refused = await client.postForm("/loyalty/redeem", { rewardId: String(R120OFF.id) });
  assert.equal(refused.headers.get("location"), "/loyalty#available-rewards");
  const after = textOf(await page(client, "/loyalty"));
  assert.match(after, /Insufficient Points/);
  assert.match(after, /You need 850 more points to redeem this reward\./);
});

test("[loyalty page] a visitor posting the form is sent to sign in", async (db, database) => {
  const { R50OFF } = await rewards(db);
  const res = await testClient(testApp(database)).postForm("/loyalty/redeem", { rewardId: String(R50OFF.id) });
  assert.equal(res.status, 303);
  assert.match(res.headers.get("location") ?? "", /^\/login\?redirect=/);
});

test(
  "[loyalty page] a refund's debt and a voided code: shown on /loyalty, /account and in /api/loyalty",
  async (db, database) => {
    await rewards(db);
    const { client, user } = await signedIn(db, database);
    const voided = await giveRefundDebt(db, user.id);

    assert.deepEqual(await json(await client.get("/api/loyalty/points"), 200), { points: -300, tier: "Bronze" });
    const [code] = await json(await client.get("/api/loyalty/redemptions"), 200);
    assert.deepEqual([code.code, code.used, code.voided], [voided, true, true]);
    const loyalty = textOf(await page(client, "/loyalty"));
    assert.match(loyalty, /A refund took back 300 points more than you had\. Points you earn pay this off first\./);
    assert.match(loyalty, /Voided/);
    assert.match(loyalty, /You need 800 more points/, "the button counts the debt");
    assert.match(textOf(await page(client, "/account")), /A refund took back 300 points more than you had\./);
  },
);

closeDatabase();
