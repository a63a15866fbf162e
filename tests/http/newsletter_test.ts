import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { eq, sql } from "drizzle-orm";
import { type Database, type Db, openDb } from "../../db/client.ts";
import { coupons, emailOutbox, newsletterSubscriptions } from "../../db/schema/mod.ts";
import { seedDemo } from "../../seed/mod.ts";
import { demoCoupons } from "../../seed/demo.ts";
import { ApiError } from "../../client/api.ts";
import { subscribeFailureToast } from "../../islands/NewsletterForm.tsx";
import { createProduct } from "../helpers/factories.ts";

const { test, closeDatabase } = useTestDatabase();

/**
 * A visitor's client that asked by the API to subscribe `email`, with the confirmation e-mail and its
 * link's path and token.
 */
async function signUp(db: Db, database: Database, email: string) {
  const client = testClient(testApp(database));
  await client.postJson("/api/newsletter", { email });
  const [mail] = await db.select().from(emailOutbox);
  const [, path, token] = mail.textBody.match(/http:\/\/localhost:8000(\/newsletter\/confirm\?token=([a-z2-7]+))/)!;
  return { client, mail, path, token };
}

/** Opens the e-mailed confirmation link, then presses its 'Confirm subscription' button, as a person does. */
async function confirm(client: TestClient, confirmPath: string): Promise<Response> {
  const page = await client.get(confirmPath);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.match(html, /<form action="\/newsletter\/confirm" method="post">/);
  assert.match(html, />Confirm subscription<\/button>/);
  const token = html.match(/name="token" value="([a-z2-7]+)"/)![1];
  return await client.postForm("/newsletter/confirm", { token });
}

test(
  "[newsletter] double opt-in: confirm link, then the WELCOME10 code; consent recorded; unsubscribe works",
  async (db, database) => {
    const client = testClient(testApp(database));
    const bad = await client.postJson("/api/newsletter", { email: "nope" });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, "Please enter a valid email address.");
    const res = await client.postJson("/api/newsletter", { email: "Keeper@Example.co.za", source: "footer" });
    assert.equal(res.status, 200);
    assert.equal((await res.json()).message, "Subscribed!");
    const [sub] = await db.select().from(newsletterSubscriptions);
    assert.equal(sub.email, "keeper@example.co.za");
    assert.equal(sub.consentSource, "footer");
    assert.ok(sub.consentAt);
    assert.equal(sub.confirmedAt, null);
    const [confirmMail] = await db.select().from(emailOutbox);
    assert.match(confirmMail.subject, /confirm your subscription/);
    const confirmUrl = confirmMail.textBody.match(/http:\/\/localhost:8000(\/newsletter\/confirm\?token=([a-z2-7]+))/)!;
    assert.match(confirmMail.textBody, /Unsubscribe: http:\/\/localhost:8000\/newsletter\/unsubscribe\?token=/);
    const confirmed = await confirm(client, confirmUrl[1]);
    assert.equal(confirmed.status, 200);
    assert.match(await confirmed.text(), /WELCOME10/);
    const again = await client.postForm("/newsletter/confirm", { token: confirmUrl[2] });
    assert.equal(again.status, 400, "a confirmation link works once");
    assert.match(await again.text(), /This link is not valid/);
    assert.equal((await client.get(confirmUrl[1])).status, 400, "a used link says so when opened again");
    const mails = await db.select().from(emailOutbox);
    const welcome = mails.find((m) => /your 10% code/.test(m.subject))!;
    assert.match(welcome.textBody, /WELCOME10/);
    const unsubscribeToken = welcome.textBody.match(/unsubscribe\?token=([a-z2-7]+)/)![1];
    assert.match(await (await client.get(`/newsletter/unsubscribe?token=${unsubscribeToken}`)).text(), /Unsubscribe/);
    const done = await client.postForm("/newsletter/unsubscribe", { token: unsubscribeToken });
    assert.match(await done.text(), /You have been unsubscribed/);
    const [after] = await db.select().from(newsletterSubscriptions);
    assert.ok(after.unsubscribedAt);
  },
);

test(
  "[newsletter] opening the confirmation link (as a mail scanner does) confirms nothing; only the button does",
  async (db, database) => {
    const { client, path, token } = await signUp(db, database, "scanned@example.co.za");
    for (let i = 0; i < 3; i++) assert.equal((await client.get(path)).status, 200);
    const [pending] = await db.select().from(newsletterSubscriptions);
    assert.equal(pending.confirmedAt, null, "a GET never confirms");
    assert.equal((await db.select().from(emailOutbox)).length, 1, "and sends no welcome e-mail");
    // The button's POST passes the same-origin guard like every other form; a post from elsewhere does not.
    const forged = await testClient(testApp(database), { origin: "https://evil.example" })
      .postForm("/newsletter/confirm", { token });
    assert.equal(forged.status, 403);
    assert.equal((await db.select().from(newsletterSubscriptions))[0].confirmedAt, null);
    const done = await client.postForm("/newsletter/confirm", { token });
    assert.equal(done.status, 200);
    assert.match(await done.text(), /You(&#x27;|')re subscribed/);
    assert.ok((await db.select().from(newsletterSubscriptions))[0].confirmedAt);
    assert.equal((await client.get("/newsletter/confirm?token=not-a-token")).status, 400);
  },
);

test(
  "[newsletter] the JSON twins of the links' buttons: a used, unknown or hostile token is a 400 that says so",
  async (db, database) => {
    const { client, token } = await signUp(db, database, "json@example.co.za");
    const confirmed = await client.postJson("/api/newsletter/confirm", { token });
    assert.equal(confirmed.status, 200);
    assert.deepEqual(await confirmed.json(), { success: true, code: "WELCOME10" });
    for (const body of [{ token }, { token: "not-a-token" }, { token: "a\u0000b" }, { token: "x".repeat(101) }, {}]) {
      for (const path of ["/api/newsletter/confirm", "/api/newsletter/unsubscribe"]) {
        const res = await client.postJson(path, body);
        assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}`);
        assert.ok((await res.json()).message, "a message the client can show");
      }
    }
    assert.equal((await db.select().from(emailOutbox)).length, 2, "one welcome e-mail, however often it is posted");
  },
);

test(
  "[newsletter] at most 3 confirmation e-mails a day to one address, with the same answer every time",
  async (db, database) => {
    // Different visitors (IPs) do not matter: the cap is per address.
    const app = testApp(database, { TRUST_PROXY: "true" });
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await testClient(app).request("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i + 1}` },
        body: JSON.stringify({ email: i % 2 ? "Victim@Example.co.za" : "victim@example.co.za " }),
      });
      assert.equal(res.status, 200);
      answers.push(await res.json());
    }
    assert.equal(new Set(answers.map((a) => JSON.stringify(a))).size, 1, "the same answer each time");
    const mails = await db.select().from(emailOutbox);
    assert.equal(mails.length, 3, "no fourth e-mail to the same address");
    // The links already sent keep working: a dropped request rewrote nothing.
    const last = mails.at(-1)!.textBody.match(/\/newsletter\/confirm\?token=([a-z2-7]+)/)![1];
    assert.equal((await testClient(app).postForm("/newsletter/confirm", { token: last })).status, 200);
    // The no-JS form shares the cap and its answer (here: a subscriber who left and signs up again).
    await db.update(newsletterSubscriptions).set({ unsubscribedAt: new Date() });
    const form = testClient(app);
    const res = await form.postForm("/newsletter", { email: "victim@example.co.za" });
    assert.equal(res.status, 303);
    assert.match(await (await form.get("/")).text(), /Subscribed!/);
    assert.equal((await db.select().from(emailOutbox)).filter((m) => /confirm your/.test(m.subject)).length, 3);
    // Another address is not affected.
    await form.postForm("/newsletter", { email: "someone.else@example.co.za" });
    assert.equal((await db.select().from(emailOutbox)).filter((m) => /confirm your/.test(m.subject)).length, 4);
  },
);

test("[newsletter] the same answer whether or not the address is already subscribed", async (db, database) => {
  const client = testClient(testApp(database));
  const first = await (await client.postJson("/api/newsletter", { email: "a@example.co.za" })).json();
  const second = await (await client.postJson("/api/newsletter", { email: "a@example.co.za" })).json();
  assert.deepEqual(first, second);
  assert.equal((await db.select().from(newsletterSubscriptions)).length, 1);
});

test("[newsletter] the home banner form works without JavaScript", async (_db, database) => {
  const client = testClient(testApp(database));
  const home = await (await client.get("/")).text();
  assert.match(home, /data-island="NewsletterForm"/);
  assert.match(home, /action="\/newsletter"/);
  const res = await client.request("/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: "http://localhost:8000/" },
    body: "email=b%40example.co.za&source=home_banner",
  });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/");
  assert.match(await (await client.get("/")).text(), /Subscribed!/);
  await client.postForm("/newsletter", { email: "no-at-sign" });
  assert.match(await (await client.get("/")).text(), /Invalid email/);
});

test(
  "[newsletter] the unsubscribe link of the confirmation e-mail still works after confirming",
  async (db, database) => {
    const { client, mail, path } = await signUp(db, database, "gecko@example.co.za");
    const firstLink = mail.textBody.match(/unsubscribe\?token=([a-z2-7]+)/)![1];
    assert.equal((await confirm(client, path)).status, 200);
    const welcome = (await db.select().from(emailOutbox)).find((m) => /your 10% code/.test(m.subject))!;
    assert.equal(welcome.textBody.match(/unsubscribe\?token=([a-z2-7]+)/)![1], firstLink, "one stable link");
    // Both messages name the link as their List-Unsubscribe header; a mail client's one-click
    // unsubscribe (RFC 8058) posts a fixed body to it, with the token only in the link's query.
    for (const m of [mail, welcome]) {
      assert.equal(m.unsubscribeUrl, `http://localhost:8000/newsletter/unsubscribe?token=${firstLink}`);
    }
    // The mail provider's server sends it: no Origin, no cookie.
    const provider = testClient(testApp(database), { origin: null });
    const link = new URL(welcome.unsubscribeUrl!);
    const done = await provider.postForm(link.pathname + link.search, { "List-Unsubscribe": "One-Click" });
    assert.equal(done.status, 200);
    assert.match(await done.text(), /You have been unsubscribed/);
    const [row] = await db.select().from(newsletterSubscriptions);
    assert.ok(row.confirmedAt && row.unsubscribedAt);
  },
);

test(
  "[newsletter] the sign-up form's failure toasts: 'Invalid email' only for a refused address",
  async (_db, database) => {
    const client = testClient(testApp(database));
    const bad = await client.postJson("/api/newsletter", { email: "nope" });
    assert.deepEqual(subscribeFailureToast(new ApiError((await bad.json()).error, bad.status, null)), {
      title: "Invalid email",
      description: "Please enter a valid email address.",
      variant: "destructive",
    });
    let limited: Response | undefined;
    for (let i = 0; i < 12 && limited?.status !== 429; i++) {
      limited = await client.postJson("/api/newsletter", { email: `k${i}@example.co.za` });
    }
    assert.equal(limited!.status, 429);
    const message = (await limited!.json()).error;
    assert.deepEqual(subscribeFailureToast(new ApiError(message, 429, null)), {
      title: "Subscription failed",
      description: message,
      variant: "destructive",
    });
    assert.match(message, /Too many attempts/);
    assert.equal(
      subscribeFailureToast(new ApiError("500: Internal Server Error", 500, null)).title,
      "Subscription failed",
    );
    assert.deepEqual(subscribeFailureToast(new TypeError("Failed to fetch")), {
      title: "Subscription failed",
      description: "Please check your connection and try again.",
      variant: "destructive",
    });
  },
);

test("[newsletter] a shop without demo data has WELCOME10 (from a migration), on the seed's terms", async () => {
  const fresh = await openDb({ pgliteDir: "memory://" });
  try {
    await fresh.migrate();
    const [row] = await fresh.db.select().from(coupons);
    const seeded = demoCoupons.find((c) => c.code === "WELCOME10")!;
    assert.deepEqual(
      {
        code: row.code,
        description: row.description,
        type: row.type,
        value: row.value,
        firstTimeOnly: row.firstTimeOnly,
        userLimit: row.userLimit,
      },
      seeded,
    );
    assert.deepEqual(
      [row.active, row.minOrderValue, row.maxDiscount, row.usageLimit, row.endDate, row.categoryId, row.productId],
      [true, null, null, null, null, null, null],
    );
    // A confirmed subscriber's code works in a cart.
    const client = testClient(testApp(fresh));
    const p = await createProduct(fresh.db, { price: "400.00" });
    await client.postJson("/api/cart", { productId: p.id, quantity: 1 });
    const applied = await client.postJson("/api/cart/apply-coupon", { code: "WELCOME10" });
    assert.equal(applied.status, 200);
    assert.equal((await applied.json()).discount, 40);
  } finally {
    await fresh.close();
  }
});

test("[newsletter] the WELCOME10 migration and the demo seed stay idempotent together", async (db) => {
  const file = new URL("../../db/migrations/0010_welcome_coupon.sql", import.meta.url);
  const migration = await Deno.readTextFile(file);
  await db.execute(sql.raw(migration));
  await db.update(coupons).set({ description: "Edited by an admin" }).where(eq(coupons.code, "WELCOME10"));
  await db.execute(sql.raw(migration));
  await seedDemo(db, { withAccounts: false });
  await seedDemo(db, { withAccounts: false });
  const rows = await db.select().from(coupons).where(eq(coupons.code, "WELCOME10"));
  assert.equal(rows.length, 1);
  assert.equal(rows[0].description, "Edited by an admin", "an existing WELCOME10 is left as it is");
  assert.deepEqual((await db.select({ code: coupons.code }).from(coupons)).map((c) => c.code).sort(), [
    "BUY2GET1",
    "FREESHIP",
    "WELCOME10",
  ]);
});

closeDatabase();
