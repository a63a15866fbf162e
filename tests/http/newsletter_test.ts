import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { emailOutbox, newsletterSubscriptions } from "../../db/schema/mod.ts";

const { test, closeDatabase } = useTestDatabase();

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
    const confirmUrl =
      confirmMail.textBody.match(/http:\/\/localhost:8000(\/newsletter\/confirm\?token=[a-z2-7]+)/)![1];
    assert.match(confirmMail.textBody, /Unsubscribe: http:\/\/localhost:8000\/newsletter\/unsubscribe\?token=/);
    const confirmed = await client.get(confirmUrl);
    assert.equal(confirmed.status, 200);
    assert.match(await confirmed.text(), /WELCOME10/);
    assert.equal((await client.get(confirmUrl)).status, 400, "a confirmation link works once");
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

closeDatabase();
