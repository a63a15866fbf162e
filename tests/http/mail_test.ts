/** The real sender with the real nodemailer SMTP transport against the local SMTP sink. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { parseMessage, type SmtpSink, startSmtpSink, textBody } from "../fakes/smtp_sink.ts";
import { emailOutbox } from "../../db/schema/mod.ts";
import {
  deliverDue,
  enqueueEmail,
  fromAddress,
  type MailTransport,
  smtpTransport,
  startMailWorker,
} from "../../domains/mail/mod.ts";

const { test, closeDatabase } = useTestDatabase();

const FROM = fromAddress("Reptile Basics", "support@reptilebasics.co.za");

/** Runs `fn` with a new SMTP sink and a transport to it (`auth` in its URL), closes both, returns the sink. */
async function withSink(
  fn: (sink: SmtpSink, transport: MailTransport) => Promise<void>,
  auth?: { user: string; pass: string },
): Promise<SmtpSink> {
  const sink = startSmtpSink();
  const transport = smtpTransport(sink.url(auth), FROM);
  try {
    await fn(sink, transport);
  } finally {
    transport.close?.();
    await sink.stop();
  }
  return sink;
}

test("[mail] nodemailer delivers an outbox message over SMTP to the sink", async (db) => {
  await withSink(async (sink, transport) => {
    const long = `Open https://shop.example/reset-password?token=${"a".repeat(32)} within the hour. ${"é".repeat(80)}`;
    const { id } = await enqueueEmail(db, {
      to: "thandi@example.co.za",
      subject: "Hello from the shop",
      text: `Line one\n.starts with a dot\n${long}`,
      html: "<p>Hi <b>Thandi</b></p>",
    });
    assert.deepEqual(await deliverDue(db, transport), { sent: 1, retrying: 0, failed: 0 });
    const received = await sink.waitForMessage();
    assert.equal(received.from, "support@reptilebasics.co.za");
    assert.deepEqual(received.to, ["thandi@example.co.za"]);
    assert.match(received.raw, /=\r\n/, "nodemailer wrapped the long line with quoted-printable soft breaks");
    const parsed = parseMessage(received.raw);
    assert.equal(parsed.headers.subject, "Hello from the shop");
    assert.match(parsed.headers.from, /^"?Reptile Basics"? <support@reptilebasics\.co\.za>$/);
    assert.equal(parsed.text?.replace(/\r\n/g, "\n"), `Line one\n.starts with a dot\n${long}`, "dots and QP survive");
    assert.equal(parsed.html, "<p>Hi <b>Thandi</b></p>");
    assert.ok(textBody(received).includes("é"));
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    assert.equal(row.status, "sent");
  });
});

test("[mail] SMTP credentials in SMTP_URL are used (AUTH)", async (db) => {
  await withSink(async (sink, transport) => {
    await enqueueEmail(db, { to: "k@example.co.za", subject: "Auth", text: "x" });
    assert.equal((await deliverDue(db, transport)).sent, 1);
    assert.equal((await sink.waitForMessage()).authUser, "shop@example.co.za");
  }, { user: "shop@example.co.za", pass: "s3cret:/@" });
});

test("[mail] an attachment in the outbox (the tax invoice PDF) goes out as a base64 MIME part", async (db) => {
  await withSink(async (sink, transport) => {
    const pdf = "%PDF-1.7 pretend invoice \u00ff";
    const contentBase64 = btoa(pdf);
    await enqueueEmail(db, {
      to: "thandi@example.co.za",
      subject: "Your order is confirmed",
      text: "Your tax invoice INV-000001 is attached (PDF).",
      attachments: [{ filename: "INV-000001.pdf", contentType: "application/pdf", contentBase64 }],
    });
    assert.equal((await deliverDue(db, transport)).sent, 1);
    const received = await sink.waitForMessage();
    assert.match(received.raw, /Content-Type: multipart\/mixed/i);
    assert.match(received.raw, /Content-Type: application\/pdf; name="?INV-000001\.pdf"?/i);
    assert.match(received.raw, /Content-Disposition: attachment; filename="?INV-000001\.pdf"?/i);
    const part = received.raw.split(/Content-Disposition: attachment[^\r]*\r\n\r\n/i)[1].split("\r\n--")[0];
    assert.equal(atob(part.replace(/\s/g, "")), pdf, "the bytes arrive unchanged");
    assert.match(textBody(received), /INV-000001 is attached/);
  });
});

test("[mail] a refused message is retried later and recorded; an unreachable server too", async (db) => {
  const stopped = await withSink(async (sink, transport) => {
    const t0 = new Date();
    const { id } = await enqueueEmail(db, { to: "k@example.co.za", subject: "Retry me", text: "x" }, t0);
    sink.failNext(1);
    assert.deepEqual(await deliverDue(db, transport, t0), { sent: 0, retrying: 1, failed: 0 });
    let [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    assert.equal(row.status, "pending");
    assert.match(row.lastError ?? "", /451/);
    assert.equal(row.nextAttemptAt.getTime(), t0.getTime() + 60_000);
    assert.equal(sink.messages.length, 0);
    assert.equal((await deliverDue(db, transport, new Date(t0.getTime() + 60_000))).sent, 1);
    [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    assert.equal(row.status, "sent");
    assert.equal(row.attempts, 2);
    assert.equal(sink.messages.length, 1);
  });
  // The sink is gone: connection refused.
  const dead = smtpTransport(stopped.url(), FROM);
  const { id } = await enqueueEmail(db, { to: "k@example.co.za", subject: "Nobody home", text: "x" });
  assert.equal((await deliverDue(db, dead)).retrying, 1);
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  assert.match(row.lastError ?? "", /ECONNREFUSED|connect|refused/i);
  dead.close?.();
});

test("[mail] the worker delivers queued mail on its own and stops cleanly", async (db) => {
  const sink = startSmtpSink();
  const lines: Record<string, unknown>[] = [];
  const worker = startMailWorker({
    db,
    transport: smtpTransport(sink.url(), FROM),
    intervalMs: 50,
    log: (l) => lines.push(l),
  });
  try {
    await enqueueEmail(db, { to: "k@example.co.za", subject: "By the worker", text: "x" });
    const m = await sink.waitForMessage((m) => parseMessage(m.raw).headers.subject === "By the worker", 5000);
    assert.deepEqual(m.to, ["k@example.co.za"]);
    assert.equal((await worker.runNow()).sent, 0, "nothing left to send");
  } finally {
    await worker.stop();
    await sink.stop();
  }
  assert.ok(lines.some((l) => l.message === "e-mail delivered"));
});

Deno.test("[mail] the SMTP sink speaks SMTP by hand (HELO, AUTH LOGIN, dot-stuffing) and leaks nothing", async () => {
  const sink = startSmtpSink();
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: sink.port });
  const reader = conn.readable.getReader();
  const writer = conn.writable.getWriter();
  const decoder = new TextDecoder();
  let buffered = "";
  async function reply(): Promise<string> {
    while (!/(^|\r\n)\d{3} [^\r\n]*\r\n$/.test(buffered)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value);
    }
    const out = buffered;
    buffered = "";
    return out;
  }
  async function say(line: string): Promise<string> {
    await writer.write(new TextEncoder().encode(`${line}\r\n`));
    return await reply();
  }
  assert.match(await reply(), /^220 /);
  assert.match(await say("HELO client.test"), /^250 /);
  assert.match(await say("AUTH LOGIN"), /^334 /);
  assert.match(await say(btoa("mailer")), /^334 /);
  assert.match(await say(btoa("secret")), /^235 /);
  assert.match(await say("DATA"), /^503 /, "DATA before MAIL FROM is refused");
  assert.match(await say("MAIL FROM:<shop@example.co.za>"), /^250 /);
  assert.match(await say("RCPT TO:<a@example.co.za>"), /^250 /);
  assert.match(await say("RCPT TO:<b@example.co.za>"), /^250 /);
  assert.match(await say("DATA"), /^354 /);
  assert.match(await say("Subject: Hi\r\n\r\nfirst\r\n..dot line\r\nlast\r\n."), /^250 /);
  assert.match(await say("QUIT"), /^221 /);
  await reader.cancel();
  await writer.close().catch(() => undefined);
  await sink.stop();
  const [m] = sink.messages;
  assert.equal(m.from, "shop@example.co.za");
  assert.deepEqual(m.to, ["a@example.co.za", "b@example.co.za"]);
  assert.equal(m.authUser, "mailer");
  assert.equal(m.raw, "Subject: Hi\r\n\r\nfirst\r\n.dot line\r\nlast");
  assert.equal(textBody(m), "first\r\n.dot line\r\nlast");
});

closeDatabase();
