/**
 * Referrals through the app: POST /api/referrals (code and link, the same on every call),
 * GET /api/referrals/my, POST /api/referrals/redeem with every refusal as a 4xx with its message,
 * registration with a referral code (API body and the /register?ref= form's hidden field), the
 * /referral page (visitors sent to sign in) and the discount line on the cart API.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { jsonOf as json, type TestClient, testClient } from "../helpers/client.ts";
import { registerCustomer, registration } from "../helpers/accounts.ts";
import { createAddress, createProduct } from "../helpers/factories.ts";
import { paidOrder } from "../helpers/paid_orders.ts";
import type { Database } from "../../db/client.ts";
import { referrals, users } from "../../db/schema/mod.ts";
import {
  REFERRAL_ALREADY_USED,
  REFERRAL_EXPIRED,
  REFERRAL_NOT_FIRST_ORDER,
  REFERRAL_OWN_CODE,
  REFERRAL_UNKNOWN,
  referralSchemas,
} from "../../domains/referrals/mod.ts";
import { testGateway } from "../../domains/payments/mod.ts";

const { test, closeDatabase } = useTestDatabase();

async function referrerAndFriend(database: Database) {
  const app = testApp(database);
  const referrer = testClient(app);
  await registerCustomer(referrer, { username: "inviter", email: "inviter@example.co.za" });
  const invitation = referralSchemas.invitationJson.parse(
    await json(await referrer.postJson("/api/referrals", {}), 200),
  );
  const friend = testClient(app);
  return { app, referrer, invitation, friend };
}

const redeem = (client: TestClient, code: unknown) => client.postJson("/api/referrals/redeem", { code });

test(
  "[referrals api] POST /api/referrals: the customer's code and link, the same on every call; sign-in needed",
  async (
    _db,
    database,
  ) => {
    const { referrer, invitation } = await referrerAndFriend(database);
    assert.match(invitation.code, /^[A-HJ-NP-Z2-9]{8}$/);
    assert.equal(invitation.link, `http://localhost:8000/register?ref=${invitation.code}`);
    assert.deepEqual(await json(await referrer.postJson("/api/referrals", {}), 200), invitation);
    const my = referralSchemas.myReferralsJson.parse(await json(await referrer.get("/api/referrals/my"), 200));
    assert.equal(my.code, invitation.code);
    assert.deepEqual(my.referrals, []);
    assert.equal(my.pointsEarned, 0);

    const visitor = testClient(testApp(database));
    const body = await json(await visitor.postJson("/api/referrals", {}), 401);
    assert.equal(body.message, "Please login to access this page.");
    await json(await visitor.get("/api/referrals/my"), 401);
    await json(await redeem(visitor, invitation.code), 401);
  },
);

test("[referrals api] redeem: 200 with the discount, then every refusal as a 4xx with its message", async (
  db,
  database,
) => {
  const { app, referrer, invitation, friend } = await referrerAndFriend(database);
  await registerCustomer(friend, { username: "friend", email: "friend@example.co.za" });

  const empty = await json(await redeem(friend, " "), 400);
  assert.equal(empty.message, "Please enter a referral code");
  assert.equal((await json(await redeem(friend, "ZZZZ2222"), 400)).message, REFERRAL_UNKNOWN);
  assert.equal((await json(await redeem(referrer, invitation.code), 400)).message, REFERRAL_OWN_CODE);

  const ok = referralSchemas.redeemJson.parse(await json(await redeem(friend, invitation.code.toLowerCase()), 200));
  assert.equal(ok.discountPercent, 10);
  assert.equal(ok.code, invitation.code);
  assert.match(ok.message, /10% off your first order/);
  const again = await json(await redeem(friend, invitation.code), 409);
  assert.equal(again.message, REFERRAL_ALREADY_USED);
  assert.equal(again.error, REFERRAL_ALREADY_USED);

  // A customer who has already paid an order.
  const buyer = testClient(app);
  const me = await registerCustomer(buyer, { username: "buyer", email: "buyer@example.co.za" });
  const address = await createAddress(db, me.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, me.id));
  const product = await createProduct(db, { price: "200.00" });
  await paidOrder(db, testGateway(), [{ productId: product.id, quantity: 1 }], { userId: me.id });
  assert.equal((await json(await redeem(buyer, invitation.code), 409)).message, REFERRAL_NOT_FIRST_ORDER);

  // An expired invitation.
  await db.update(referrals).set({ dateExpires: new Date(Date.now() - 60_000) });
  const late = testClient(app);
  await registerCustomer(late, { username: "late", email: "late@example.co.za" });
  assert.equal((await json(await redeem(late, invitation.code), 400)).message, REFERRAL_EXPIRED);

  const my = referralSchemas.myReferralsJson.parse(await json(await referrer.get("/api/referrals/my"), 200));
  assert.deepEqual(my.referrals.map((r) => [r.username, r.status, r.firstOrderCompleted]), [[
    "friend",
    "pending",
    false,
  ]]);
  assert.ok(my.referrals[0].dateUsed);
});

test(
  "[referrals api] registering with referralCode redeems it; a bad code refuses the registration before the account exists",
  async (
    db,
    database,
  ) => {
    const { invitation, app } = await referrerAndFriend(database);
    const bad = testClient(app);
    const refused = await json(
      await bad.postJson(
        "/api/auth/register",
        registration({ username: "nobody", email: "nobody@example.co.za", referralCode: "WRONG234" }),
      ),
      400,
    );
    assert.equal(refused.message, REFERRAL_UNKNOWN);
    assert.equal((await db.select().from(users).where(eq(users.username, "nobody"))).length, 0);

    const friend = testClient(app);
    const me = await registerCustomer(friend, {
      username: "friend",
      email: "friend@example.co.za",
      referralCode: invitation.code,
    });
    const [row] = await db.select().from(referrals).where(eq(referrals.refereeId, me.id));
    assert.equal(row.code, invitation.code);
    assert.equal(row.status, "pending");
    assert.equal(row.discountAmount, "10.00");

    // The cart shows the referral discount on its own line.
    const product = await createProduct(db, { price: "300.00", stock: 5 });
    await json(await friend.postJson("/api/cart", { productId: product.id, quantity: 1 }), 201);
    const cart = await json(await friend.get("/api/cart"), 200);
    assert.equal(cart.subtotal, 300);
    assert.equal(cart.referralDiscount, 30);
    assert.equal(cart.total, 270);
    assert.deepEqual(cart.referral, { code: invitation.code, percent: 10 });
  },
);

test(
  "[referrals pages] /register?ref= keeps the code in a hidden field and the form redeems it; /referral for customers only",
  async (
    db,
    database,
  ) => {
    const { invitation, referrer, app } = await referrerAndFriend(database);
    const friend = testClient(app);
    const form = await friend.get(`/register?ref=${invitation.code}`);
    assert.equal(form.status, 200);
    const page = await form.text();
    assert.match(page, new RegExp(`<input type="hidden" name="referralCode" value="${invitation.code}"/>`));

    const res = await friend.postForm(`/register?ref=${invitation.code}`, {
      username: "formfriend",
      email: "formfriend@example.co.za",
      password: "Gecko-Keeper1",
      confirmPassword: "Gecko-Keeper1",
      acceptTerms: "on",
      referralCode: invitation.code,
    });
    assert.equal(res.status, 303, await res.clone().text());
    const [me] = await db.select().from(users).where(eq(users.username, "formfriend"));
    assert.equal((await db.select().from(referrals).where(eq(referrals.refereeId, me.id))).length, 1);

    const visitor = testClient(app);
    const redirect = await visitor.get("/referral");
    assert.equal(redirect.status, 303);
    assert.match(redirect.headers.get("location") ?? "", /^\/login\?redirect=%2Freferral/);

    const mine = await referrer.get("/referral");
    assert.equal(mine.status, 200);
    assert.equal(mine.headers.get("cache-control"), "private, no-store");
    const html = await mine.text();
    assert.ok(html.includes(invitation.code));
    assert.ok(html.includes(`/register?ref=${invitation.code}`));
    assert.match(html, /formfriend/);
    assert.match(html, /Signed up, no order yet/);
  },
);

closeDatabase();
