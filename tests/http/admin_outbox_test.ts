/** /admin/outbox: admins only, newest first, status filter, paging, and a message body that cannot run. */
import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp } from "../helpers/app.ts";
import { type TestClient, testClient } from "../helpers/client.ts";
import { createUser } from "../helpers/factories.ts";
import { signedInAs, STAFF_PASSWORD } from "../helpers/staff.ts";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/mod.ts";
import { deliverDue, enqueueEmail, passwordResetEmail } from "../../domains/mail/mod.ts";

const { test, closeDatabase } = useTestDatabase();
/** The shop's environment with an SMTP server configured (the outbox then hides reset links and says so). */
const WITH_SMTP = { SMTP_URL: "smtp://127.0.0.1:2525" };

test("[admin outbox] visitor: 'Authentication Required'; customer: 'Access Denied'", async (db, database) => {
  const visitor = testClient(testApp(database));
  const v = await visitor.get("/admin/outbox?status=sent");
  assert.equal(v.status, 303);
  assert.equal(v.headers.get("location"), `/login?redirect=${encodeURIComponent("/admin/outbox?status=sent")}`);
  // Document 2 section 6: the admin area's own wording; storefront pages keep 'Login Required'.
  const login = await (await visitor.get(v.headers.get("location")!)).text();
  assert.match(login, /Authentication Required/);
  assert.match(login, /Please login to access this page\./);
  assert.doesNotMatch(login, /Login Required/);
  const account = await visitor.get("/account");
  assert.equal(account.status, 303);
  const storefront = await (await visitor.get(account.headers.get("location")!)).text();
  assert.match(storefront, /Login Required/);
  assert.doesNotMatch(storefront, /Authentication Required/);
  const one = await visitor.get("/admin/outbox/1");
  assert.equal(one.status, 303);

  await enqueueEmail(db, { to: "k@example.co.za", subject: "Secret subject", text: "secret body" });
  const customer = await signedInAs(db, database, "customer");
  for (const path of ["/admin/outbox", "/admin/outbox/1"]) {
    const res = await customer.get(path);
    assert.equal(res.status, 303, path);
    assert.equal(res.headers.get("location"), "/");
    assert.doesNotMatch(await res.text(), /Secret subject|secret body/);
  }
  const home = await (await customer.get("/")).text();
  assert.match(home, /Access Denied/);
});

test("[admin outbox] an admin sees messages newest first, filters by status and pages by 50", async (db, database) => {
  const admin = await signedInAs(db, database, "admin");
  const t0 = new Date("2026-11-20T08:00:00Z").getTime();
  for (let i = 1; i <= 52; i++) {
    await enqueueEmail(db, { to: `k${i}@example.co.za`, subject: `Message number ${i}`, text: `Body ${i}` });
  }
  // Creation times one minute apart, message 52 the newest.
  await db.execute(
    sql`update email_outbox set created_at = ${new Date(t0).toISOString()}::timestamptz + (id * interval '1 minute')`,
  );
  await deliverDue(db, { send: () => Promise.resolve() }, new Date(), { batchSize: 2 }); // ids 1 and 2 sent

  const res = await admin.get("/admin/outbox");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /text\/html/);
  const html = await res.text();
  assert.match(html, /<h1[^>]*>Outbox<\/h1>/);
  assert.match(html, /Back to Site/);
  assert.match(html, /href="\/admin\/outbox"[^>]*aria-current="page"|aria-current="page"[^>]*href="\/admin\/outbox"/);
  assert.match(html, /SMTP_URL is not set/);
  const ids = [...html.matchAll(/data-message-id="(\d+)"/g)].map((m) => Number(m[1]));
  assert.equal(ids.length, 50);
  assert.deepEqual(ids.slice(0, 3), [52, 51, 50], "newest first");
  assert.match(html, /52 messages/);
  assert.match(html, /href="\/admin\/outbox\?page=2"/);

  const page2 = await (await admin.get("/admin/outbox?page=2")).text();
  assert.deepEqual([...page2.matchAll(/data-message-id="(\d+)"/g)].map((m) => Number(m[1])), [2, 1]);

  const sent = await (await admin.get("/admin/outbox?status=sent")).text();
  assert.deepEqual([...sent.matchAll(/data-message-id="(\d+)"/g)].map((m) => Number(m[1])), [2, 1]);
  const failed = await (await admin.get("/admin/outbox?status=failed")).text();
  assert.match(failed, /No failed messages\./);
  const junk = await admin.get("/admin/outbox?status=<script>&page=-4");
  assert.equal(junk.status, 200, "a bad filter falls back to all");
});

test("[admin outbox] a message: text in <pre>, HTML escaped and sandboxed, never run", async (db, database) => {
  const admin = await signedInAs(db, database, "super_admin");
  const { id } = await enqueueEmail(db, {
    to: "k@example.co.za",
    subject: "Reset <your> password",
    text: "Open http://localhost:8000/reset-password?token=abc\n<script>alert('text')</script>",
    html: `<p onclick="x()">Hi</p><script>alert("html")</script><img src=x onerror="alert(1)">`,
  });
  const res = await admin.get(`/admin/outbox/${id}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /Reset &lt;your&gt; password/);
  assert.ok(!html.includes("<script>alert"), "no script from the message reaches the page");
  assert.ok(!html.includes("<img src=x"), "no element from the message body");
  assert.match(html, /<pre[^>]*data-body="text"[^>]*>[^]*&lt;script&gt;alert\(&#x27;text&#x27;\)&lt;\/script&gt;/);
  assert.match(html, /<iframe[^>]*sandbox=""[^>]*>/);
  assert.match(html, /srcDoc="&lt;p onclick=&quot;x\(\)&quot;&gt;Hi&lt;\/p&gt;&lt;script&gt;/i);
  assert.match(html, /<pre[^>]*data-body="html"[^>]*>&lt;p onclick=/);
  assert.match(
    html,
    /<a href="http:\/\/localhost:8000\/reset-password\?token=abc"/,
    "the shop's own link is clickable",
  );

  assert.doesNotMatch(html, /List-Unsubscribe header/, "a transactional message has no opt-out header");
  const reminder = await enqueueEmail(db, {
    to: "k@example.co.za",
    subject: "You left something in your cart",
    text: "Your cart",
    unsubscribeUrl: "http://localhost:8000/reminders/unsubscribe?token=abcdefghijklmnop&kind=cart",
  });
  assert.match(
    await (await admin.get(`/admin/outbox/${reminder.id}`)).text(),
    /List-Unsubscribe header\):.*<code[^>]*>http:\/\/localhost:8000\/reminders\/unsubscribe\?token=abcdefghijklmnop&amp;kind=cart<\/code>/,
  );
  await db.delete(emailOutbox).where(eq(emailOutbox.id, reminder.id));

  assert.equal((await admin.get("/admin/outbox/99999")).status, 404);
  assert.equal((await admin.get("/admin/outbox/abc")).status, 404);
  const rows = await db.select().from(emailOutbox);
  assert.equal(rows.length, 1, "reading does not change anything");
  assert.equal(rows[0].status, "pending");
});

/** Queues a reset e-mail with a known token for `to`; returns the message id. */
async function queueReset(db: Db, to: string, token: string) {
  const mail = passwordResetEmail({
    to,
    name: "Thandi",
    token,
    siteUrl: "http://localhost:8000",
    shopName: "Reptile Basics",
  });
  return (await enqueueEmail(db, mail)).id;
}

/** The admin page of message `id`: whether it shows `token`, and whether it says the link is hidden. */
async function view(admin: TestClient, id: number, token: string) {
  const res = await admin.get(`/admin/outbox/${id}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /Reset your Reptile Basics password/);
  return { token: html.includes(token), hidden: html.includes("[reset link hidden]") };
}

test(
  "[admin outbox] reset links: hidden with SMTP, in production and in mail to admins; shown only in a local demo",
  async (db, database) => {
    const customerToken = "customercustomercustomercustomer";
    const adminToken = "adminadminadminadminadminadminad";
    const bossToken = "bossbossbossbossbossbossbossboss";
    const admin = await signedInAs(db, database, "admin"); // admin@example.co.za
    await createUser(db, { username: "boss", email: "boss@example.co.za", role: "super_admin" });
    const forCustomer = await queueReset(db, "thandi@example.co.za", customerToken);
    const forAdmin = await queueReset(db, "admin@example.co.za", adminToken);
    const forBoss = await queueReset(db, "boss@example.co.za", bossToken);

    // Local development without SMTP: the demo convenience, for customers only.
    assert.deepEqual(await view(admin, forCustomer, customerToken), { token: true, hidden: false });
    assert.deepEqual(await view(admin, forAdmin, adminToken), { token: false, hidden: true }, "own admin link");
    assert.deepEqual(await view(admin, forBoss, bossToken), { token: false, hidden: true }, "a super_admin's link");

    // SMTP delivers the mail: nobody reads links here, even while the message is pending.
    const withSmtp = await signedInAs(db, database, "super_admin", testApp(database, WITH_SMTP));
    assert.deepEqual(await view(withSmtp, forCustomer, customerToken), { token: false, hidden: true });
    // Production without SMTP: hidden too.
    const prod = testClient(testApp(database, { NODE_ENV: "production" }));
    assert.equal((await prod.postJson("/api/auth/login", { username: "admin", password: STAFF_PASSWORD })).status, 200);
    assert.deepEqual(await view(prod, forCustomer, customerToken), { token: false, hidden: true });

    const [stored] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, forCustomer));
    assert.ok(stored.textBody.includes(customerToken), "hiding is in the view; the pending message is intact");
  },
);

test(
  "[admin outbox] a sent reset e-mail is stored without its link, so not even a demo shows it",
  async (db, database) => {
    const admin = await signedInAs(db, database, "admin");
    const token = "sentsentsentsentsentsentsentsent";
    const id = await queueReset(db, "thandi@example.co.za", token);
    const delivered: string[] = [];
    await deliverDue(db, { send: (m) => Promise.resolve(void delivered.push(m.text)) });
    assert.ok(delivered[0].includes(token), "the recipient got the real link");
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    assert.equal(row.status, "sent");
    assert.ok(!row.textBody.includes(token) && !(row.htmlBody ?? "").includes(token), "scrubbed once sent");
    assert.deepEqual(await view(admin, id, token), { token: false, hidden: true });
  },
);

test("[admin outbox] says so when SMTP is configured", async (db, database) => {
  const admin = await signedInAs(db, database, "admin", testApp(database, WITH_SMTP));
  const html = await (await admin.get("/admin/outbox")).text();
  assert.match(html, /SMTP is configured/);
  assert.match(html, /No messages yet\./);
});

test(
  "[admin] the dashboard greets admins and super_admins by role; customers are turned away",
  async (db, database) => {
    const customer = await signedInAs(db, database, "customer");
    const refused = await customer.get("/admin");
    assert.equal(refused.status, 303);
    assert.equal(refused.headers.get("location"), "/");
    for (const role of ["admin", "super_admin"] as const) {
      const client = await signedInAs(db, database, role);
      const res = await client.get("/admin");
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /Admin Dashboard/);
      assert.match(html, role === "admin" ? /signed in as Admin\./ : /signed in as Super admin\./);
      assert.match(html, /aria-current="page"[^>]*>Products &amp; Variants</);
    }
  },
);

closeDatabase();
