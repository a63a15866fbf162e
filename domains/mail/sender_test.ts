import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { emailOutbox } from "../../db/schema/mod.ts";
import {
  backoffMs,
  CLAIM_LEASE_MS,
  deliverDue,
  enqueueEmail,
  hideResetLinks,
  listOutbox,
  type MailMessage,
  type MailTransport,
  MAX_ATTEMPTS,
  NO_ADDRESS,
  passwordResetEmail,
  readOutboxMessage,
  RESET_LINK_HIDDEN,
} from "./mod.ts";
import { createUser } from "../../tests/helpers/factories.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const MINUTE = 60_000;

/** A transport that records what it sends and fails while `failing` is true. */
function fakeTransport(opts: { failing?: boolean; delayMs?: number } = {}) {
  const sent: MailMessage[] = [];
  const transport: MailTransport & { sent: MailMessage[]; failing: boolean } = {
    sent,
    failing: opts.failing ?? false,
    async send(message) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (transport.failing) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
      sent.push(message);
    },
  };
  return transport;
}

const msg = (n: number) => ({
  to: `k${n}@example.co.za`,
  subject: `Message ${n}`,
  text: `Body ${n}`,
  html: `<p>${n}</p>`,
});

test("[mail] a due message is sent once and marked sent", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z");
  const { id } = await enqueueEmail(db, msg(1), t0);
  const transport = fakeTransport();
  assert.deepEqual(await deliverDue(db, transport, t0), { sent: 1, retrying: 0, failed: 0 });
  assert.equal(transport.sent.length, 1);
  assert.deepEqual(transport.sent[0], {
    to: "k1@example.co.za",
    subject: "Message 1",
    text: "Body 1",
    html: "<p>1</p>",
  });
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "sent");
  assert.equal(row.attempts, 1);
  assert.equal(row.sentAt?.getTime(), t0.getTime());
  assert.equal(row.lastError, null);
  assert.deepEqual(await deliverDue(db, transport, new Date(t0.getTime() + 60 * MINUTE)), {
    sent: 0,
    retrying: 0,
    failed: 0,
  });
  assert.equal(transport.sent.length, 1, "never sent again");
});

test("[mail] a reminder's opt-out link reaches the transport; other mail has none", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z");
  const link = "https://shop.example.co.za/reminders/unsubscribe?token=abcdefghijklmnop&kind=cart";
  await enqueueEmail(db, { ...msg(1), unsubscribeUrl: link }, t0);
  await enqueueEmail(db, msg(2), t0);
  const transport = fakeTransport();
  await deliverDue(db, transport, t0);
  assert.deepEqual(transport.sent.map((m) => [m.to, m.unsubscribeUrl]), [
    ["k1@example.co.za", link],
    ["k2@example.co.za", undefined],
  ]);
});

test("[mail] a reserved .invalid address (a WhatsApp customer's placeholder) is never sent to", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z");
  const { id } = await enqueueEmail(db, { ...msg(1), to: "wa27821234567@whatsapp.invalid" }, t0);
  await enqueueEmail(db, msg(2), t0);
  const transport = fakeTransport();
  assert.deepEqual(await deliverDue(db, transport, t0), { sent: 1, retrying: 0, failed: 1 });
  assert.deepEqual(transport.sent.map((m) => m.to), ["k2@example.co.za"]);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "failed");
  assert.equal(row.lastError, NO_ADDRESS);
});

test("[mail] a message queued for later waits until it is due", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z");
  await enqueueEmail(db, msg(1), new Date(t0.getTime() + MINUTE));
  const transport = fakeTransport();
  assert.equal((await deliverDue(db, transport, t0)).sent, 0);
  assert.equal((await deliverDue(db, transport, new Date(t0.getTime() + MINUTE))).sent, 1);
});

test("[mail] a failed delivery is retried with backoff", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z");
  const { id } = await enqueueEmail(db, msg(1), t0);
  const transport = fakeTransport({ failing: true });
  const logged: Record<string, unknown>[] = [];
  const report = await deliverDue(db, transport, t0, { log: (e) => logged.push(e) });
  assert.deepEqual(report, { sent: 0, retrying: 1, failed: 0 });
  let [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "pending");
  assert.equal(row.attempts, 1);
  assert.match(row.lastError ?? "", /ECONNREFUSED/);
  assert.equal(row.nextAttemptAt.getTime(), t0.getTime() + MINUTE, "first retry after 1 minute");
  assert.equal(logged.length, 1);
  assert.equal(logged[0].id, id);
  assert.ok(!JSON.stringify(logged).includes("Body 1"), "no message contents in the log");

  // Not due yet half a minute later.
  assert.equal((await deliverDue(db, transport, new Date(t0.getTime() + 30_000))).retrying, 0);
  // Second failure: the next wait is 5 minutes.
  let now = new Date(t0.getTime() + MINUTE);
  await deliverDue(db, transport, now);
  [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.attempts, 2);
  assert.equal(row.nextAttemptAt.getTime() - now.getTime(), 5 * MINUTE);
  // The transport recovers: the third attempt succeeds.
  transport.failing = false;
  now = new Date(now.getTime() + 5 * MINUTE);
  assert.equal((await deliverDue(db, transport, now)).sent, 1);
  [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "sent");
  assert.equal(row.attempts, 3);
  assert.equal(row.lastError, null);
});

test("[mail] delivery gives up after the last attempt and records the error", async (db) => {
  assert.deepEqual([1, 2, 3, 4, 5].map((n) => backoffMs(n) / MINUTE), [1, 5, 25, 125, 625]);
  let now = new Date("2026-11-20T08:00:00Z");
  const { id } = await enqueueEmail(db, msg(1), now);
  const transport = fakeTransport({ failing: true });
  const reports = [];
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    reports.push(await deliverDue(db, transport, now));
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    now = row.nextAttemptAt;
  }
  assert.deepEqual(reports.map((r) => r.failed), [0, 0, 0, 0, 0, 1]);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "failed");
  assert.equal(row.attempts, MAX_ATTEMPTS);
  assert.match(row.lastError ?? "", /ECONNREFUSED/);
  transport.failing = false;
  assert.equal((await deliverDue(db, transport, new Date(now.getTime() + 365 * 24 * 60 * MINUTE))).sent, 0);
  assert.equal(transport.sent.length, 0, "a failed message is not tried again");
});

raceTest("[mail] no double send when two deliverDue run at once", async (db) => {
  const now = new Date("2026-11-20T08:00:00Z");
  for (let i = 0; i < 30; i++) await enqueueEmail(db, msg(i), now);
  const a = fakeTransport({ delayMs: 2 });
  const b = fakeTransport({ delayMs: 2 });
  async function drain(t: MailTransport) {
    let total = 0;
    while (true) {
      const r = await deliverDue(db, t, now, { batchSize: 4 });
      if (!r.sent) return total;
      total += r.sent;
    }
  }
  const [na, nb] = await Promise.all([drain(a), drain(b), deliverDue(db, fakeTransport(), now, { batchSize: 0 })]);
  const subjects = [...a.sent, ...b.sent].map((m) => m.subject);
  assert.equal(na + nb, 30);
  assert.equal(subjects.length, 30);
  assert.equal(new Set(subjects).size, 30, "every message sent exactly once");
  const rows = await db.select().from(emailOutbox);
  assert.ok(rows.every((r) => r.status === "sent" && r.attempts === 1));
});

test("[mail] a claimed message is held for the lease, then retried if its run died", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z");
  const { id } = await enqueueEmail(db, msg(1), t0);
  // A run claimed the message and then died before recording anything.
  await db.update(emailOutbox).set({ attempts: 1, nextAttemptAt: new Date(t0.getTime() + CLAIM_LEASE_MS) })
    .where(eq(emailOutbox.id, id));
  const transport = fakeTransport();
  assert.equal((await deliverDue(db, transport, new Date(t0.getTime() + MINUTE))).sent, 0, "held by the lease");
  assert.equal((await deliverDue(db, transport, new Date(t0.getTime() + CLAIM_LEASE_MS))).sent, 1);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.attempts, 2);
});

test("[mail] the outbox lists newest first, filters by status and pages by 50", async (db) => {
  const t0 = new Date("2026-11-20T08:00:00Z").getTime();
  for (let i = 0; i < 55; i++) await enqueueEmail(db, msg(i), new Date(t0 + i * 1000));
  await db.update(emailOutbox).set({ createdAt: new Date(t0) });
  const first = await listOutbox(db);
  assert.equal(first.total, 55);
  assert.equal(first.pageCount, 2);
  assert.equal(first.items.length, 50);
  assert.equal(first.items[0].subject, "Message 54", "same time: higher id first");
  const second = await listOutbox(db, { page: 2 });
  assert.equal(second.items.length, 5);
  assert.equal(second.items.at(-1)?.subject, "Message 0");
  assert.equal((await listOutbox(db, { page: 99 })).page, 2, "a page past the end shows the last");
  await deliverDue(db, fakeTransport(), new Date(t0 + 60 * MINUTE), { batchSize: 3 });
  const sent = await listOutbox(db, { status: "sent" });
  assert.equal(sent.total, 3);
  assert.equal((await listOutbox(db, { status: "pending" })).total, 52);
  assert.equal((await listOutbox(db, { status: "failed" })).total, 0);
});

test("[mail] the reset e-mail: link, 1 hour, ignore-if-unasked, escaped HTML", () => {
  const email = passwordResetEmail({
    to: "k@example.co.za",
    name: `<b>"Thandi"</b>`,
    token: "abcdefghijklmnopqrstuvwxyz234567",
    siteUrl: "https://shop.example",
    shopName: "Reptile & Co",
  });
  assert.equal(email.subject, "Reset your Reptile & Co password");
  assert.match(email.text, /https:\/\/shop\.example\/reset-password\?token=abcdefghijklmnopqrstuvwxyz234567/);
  assert.match(email.text, /expires in 1 hour/);
  assert.match(email.text, /If you did not ask for a new password, ignore this e-mail/);
  assert.ok(email.html);
  assert.ok(!email.html.includes(`<b>"Thandi"</b>`), "names are escaped");
  assert.match(email.html, /&lt;b&gt;&quot;Thandi&quot;&lt;\/b&gt;/);
  assert.match(email.html, /Reptile &amp; Co/);
  assert.match(email.html, /href="https:\/\/shop\.example\/reset-password\?token=abcdefghijklmnopqrstuvwxyz234567"/);
});

function resetMessage(to: string) {
  return passwordResetEmail({
    to,
    name: "Thandi",
    token: "abcdefghijklmnopqrstuvwxyz234567",
    siteUrl: "https://shop.example",
    shopName: "Reptile Basics",
  });
}

test("[mail] once sent, the stored copy keeps no reset link (the recipient got the real one)", async (db) => {
  const { id } = await enqueueEmail(db, resetMessage("k@example.co.za"));
  const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.match(queued.textBody, /reset-password\?token=abcdefghijklmnopqrstuvwxyz234567/, "pending: kept to send");
  const transport = fakeTransport();
  await deliverDue(db, transport);
  assert.match(
    transport.sent[0].text,
    /https:\/\/shop\.example\/reset-password\?token=abcdefghijklmnopqrstuvwxyz234567/,
  );
  assert.match(transport.sent[0].html ?? "", /href="https:\/\/shop\.example\/reset-password\?token=abcdefghij/);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "sent");
  for (const body of [row.textBody, row.htmlBody ?? ""]) {
    assert.ok(!body.includes("abcdefghijklmnopqrstuvwxyz234567"), "no token left");
    assert.ok(!body.includes("reset-password?token="), "no link left");
    assert.ok(body.includes(RESET_LINK_HIDDEN));
  }
  assert.match(row.textBody, /The link expires in 1 hour/, "the rest of the message stays readable");
});

test("[mail] a message given up for good keeps no reset link either", async (db) => {
  let now = new Date("2026-11-20T08:00:00Z");
  const { id } = await enqueueEmail(db, resetMessage("k@example.co.za"), now);
  const transport = fakeTransport({ failing: true });
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    await deliverDue(db, transport, now);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (i < MAX_ATTEMPTS - 1) assert.match(row.textBody, /token=/, "kept while a retry may still send it");
    now = row.nextAttemptAt;
  }
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.equal(row.status, "failed");
  assert.ok(!row.textBody.includes("token=") && !(row.htmlBody ?? "").includes("token="));
});

test("[mail] hideResetLinks: every form of the link, nothing else", () => {
  const text = "Open https://shop.example/reset-password?token=abc234 now, or /reset-password?token=xyz.\n" +
    'See https://shop.example/account and <a href="http://localhost:8000/reset-password?token=q2">here</a>';
  assert.equal(
    hideResetLinks(text),
    `Open ${RESET_LINK_HIDDEN} now, or ${RESET_LINK_HIDDEN}.\n` +
      `See https://shop.example/account and <a href="${RESET_LINK_HIDDEN}">here</a>`,
  );
});

test("[mail] the admin copy: reset links shown only when allowed, and never in mail to an admin", async (db) => {
  const customer = await createUser(db, { email: "customer@example.co.za", role: "customer" });
  await createUser(db, { email: "admin@example.co.za", role: "admin" });
  await createUser(db, { email: "boss@example.co.za", role: "super_admin" });
  const ids: Record<string, number> = {};
  for (const to of ["customer@example.co.za", "admin@example.co.za", "Boss@Example.co.za", "nobody@example.co.za"]) {
    ids[to] = (await enqueueEmail(db, resetMessage(to))).id;
  }
  const shows = async (to: string, revealResetLinks: boolean) => {
    const m = await readOutboxMessage(db, ids[to], { revealResetLinks });
    assert.ok(m);
    const text = m.textBody.includes("token=");
    assert.equal((m.htmlBody ?? "").includes("token="), text, "text and HTML alike");
    return text;
  };
  assert.equal(await shows("customer@example.co.za", true), true, "the local demo convenience");
  assert.equal(await shows("nobody@example.co.za", true), true);
  assert.equal(await shows("admin@example.co.za", true), false, "an admin's link never");
  assert.equal(await shows("Boss@Example.co.za", true), false, "a super_admin's link never");
  for (const to of Object.keys(ids)) assert.equal(await shows(to, false), false, to);
  const stored = await db.select().from(emailOutbox).where(eq(emailOutbox.id, ids["customer@example.co.za"]));
  assert.match(stored[0].textBody, /token=/, "reading hides, it does not rewrite the pending message");
  assert.equal(await readOutboxMessage(db, 999_999, { revealResetLinks: true }), null);
  void customer;
});

closeDatabase();
