/** Forgot and reset password over HTTP: the API, the pages without JavaScript, and the whole path by e-mail. */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp, testAssets, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { createUser } from "../helpers/factories.ts";
import { PASSWORD_RULE_CASES } from "../helpers/accounts.ts";
import { forgetfulThandi, queuedResetToken } from "../helpers/password_reset.ts";
import { resetLinkIn, startSmtpSink, textBody } from "../fakes/smtp_sink.ts";
import { createApp } from "../../app.ts";
import { emailOutbox, passwordResetTokens, sessions } from "../../db/schema/mod.ts";
import { deliverDue, fromAddress, smtpTransport } from "../../domains/mail/mod.ts";

const { test, closeDatabase } = useTestDatabase();

const OLD = "Gecko-Keeper1";
const NEW = "Bearded-Dragon2!";
const SENT = "If an account exists for that e-mail, we have sent a reset link. It expires in 1 hour.";

/** The customer who forgets her password, which is OLD. */
const thandi = await forgetfulThandi("thandi_n", OLD);

/** The <input> tag with this name. */
function inputTag(html: string, name: string): string {
  const tag = (html.match(/<input[^>]*>/g) ?? []).find((t) => t.includes(` name="${name}"`));
  assert.ok(tag, `an input named ${name}`);
  return tag;
}

test("[reset api] the same answer for known and unknown e-mails", async (db, database) => {
  await createUser(db, thandi);
  const client = testClient(testApp(database));
  const known = await client.postJson("/api/auth/forgot-password", { email: "Thandi@Example.co.za" });
  const unknown = await client.postJson("/api/auth/forgot-password", { email: "nobody@example.co.za" });
  assert.equal(known.status, 200);
  assert.equal(unknown.status, 200);
  assert.match(known.headers.get("content-type") ?? "", /application\/json/);
  const a = await known.json();
  const b = await unknown.json();
  assert.deepEqual(a, b);
  assert.deepEqual(a, { success: true, message: SENT });
  assert.equal((await db.select().from(emailOutbox)).length, 1, "only the real account gets mail");
});

test("[reset api] messages: e-mail required and valid, password rules, match, token", async (db, database) => {
  await createUser(db, thandi);
  const client = testClient(testApp(database));
  const cases: [unknown, string][] = [
    [{}, "Email is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
  ];
  for (const [body, message] of cases) {
    const res = await client.postJson("/api/auth/forgot-password", body);
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error, message);
  }
  const extra = await client.postJson("/api/auth/forgot-password", { email: "a@b.co.za", admin: true });
  assert.equal(extra.status, 400, "strict body");

  await client.postJson("/api/auth/forgot-password", { email: "thandi@example.co.za" });
  const token = await queuedResetToken(db);
  const resetCases: [Record<string, unknown>, string][] = [
    ...PASSWORD_RULE_CASES,
    [{ password: NEW, confirmPassword: "Different-1!" }, "Passwords do not match"],
  ];
  for (const [change, message] of resetCases) {
    const res = await client.postJson("/api/auth/reset-password", { token, ...change });
    assert.equal(res.status, 400, message);
    const body = await res.json();
    assert.ok(
      body.issues.some((i: { message: string }) => i.message === message),
      `${message}: ${JSON.stringify(body)}`,
    );
  }
  for (const bad of [undefined, "", "nonsense", "a".repeat(32)]) {
    const res = await client.postJson("/api/auth/reset-password", { token: bad, password: NEW, confirmPassword: NEW });
    assert.equal(res.status, 400);
    assert.equal((await res.json()).error, "Invalid or missing token");
    const verify = await client.get(`/api/auth/reset-password/verify?token=${bad ?? ""}`);
    assert.equal(verify.status, 400);
    assert.deepEqual(await verify.json(), {
      valid: false,
      error: "Invalid or missing token",
      message: "Invalid or missing token",
    });
  }
  const verify = await client.get(`/api/auth/reset-password/verify?token=${token}`);
  assert.equal(verify.status, 200);
  assert.deepEqual(await verify.json(), { valid: true });
});

test("[reset api] reset once, sign in with the new password; other sessions are ended", async (db, database) => {
  const user = await createUser(db, thandi);
  const app = testApp(database);
  const phone = testClient(app);
  const laptop = testClient(app);
  for (const c of [phone, laptop]) {
    assert.equal((await c.postJson("/api/auth/login", { username: "thandi_n", password: OLD })).status, 200);
  }
  const visitor = testClient(app);
  await visitor.postJson("/api/auth/forgot-password", { email: "thandi@example.co.za" });
  const token = await queuedResetToken(db);
  const ok = await visitor.postJson("/api/auth/reset-password", { token, password: NEW, confirmPassword: NEW });
  assert.equal(ok.status, 200);
  assert.equal((await ok.json()).success, true);
  assert.equal((await phone.get("/api/auth/me")).status, 401, "signed out on the phone");
  assert.equal((await laptop.get("/api/auth/me")).status, 401, "and on the laptop");
  assert.equal((await db.select().from(sessions).where(eq(sessions.userId, user.id))).length, 0);
  const again = await visitor.postJson("/api/auth/reset-password", { token, password: OLD, confirmPassword: OLD });
  assert.equal(again.status, 400);
  assert.equal((await again.json()).error, "Invalid or missing token");
  assert.equal((await visitor.postJson("/api/auth/login", { username: "thandi_n", password: OLD })).status, 401);
  assert.equal((await visitor.postJson("/api/auth/login", { username: "thandi_n", password: NEW })).status, 200);
});

test("[reset api] forgot-password is rate limited per account and per IP, with Retry-After", async (db, database) => {
  await createUser(db, thandi);
  const app = testApp(database, { TRUST_PROXY: "true" });
  const from = (ip: string) => ({ "X-Forwarded-For": ip, "Content-Type": "application/json", Origin: TEST_ORIGIN });
  const post = (email: string, ip: string) =>
    app.request("/api/auth/forgot-password", { method: "POST", headers: from(ip), body: JSON.stringify({ email }) });
  // Per account: 3 an hour, even from different addresses, and the same for an unknown e-mail.
  for (const email of ["thandi@example.co.za", "nobody@example.co.za"]) {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await post(email, `198.51.100.${i + (email[0] === "t" ? 0 : 10)}`)).status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429], email);
  }
  const blocked = await post("thandi@example.co.za", "198.51.100.99");
  assert.equal(blocked.status, 429);
  const retry = Number(blocked.headers.get("retry-after"));
  assert.ok(retry > 0 && retry <= 3600, `Retry-After ${retry}`);
  assert.match((await blocked.json()).error, /Too many attempts\. Please try again in \d+ minutes?\./);
  assert.equal((await db.select().from(emailOutbox)).length, 3, "no e-mail past the limit");
  // Per IP: 5 in 15 minutes across different addresses.
  const statuses = [];
  for (let i = 0; i < 6; i++) statuses.push((await post(`k${i}@example.co.za`, "203.0.113.7")).status);
  assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
});

test("[reset api] cross-site requests are refused (CSRF)", async (db, database) => {
  await createUser(db, thandi);
  const evil = testClient(testApp(database), { origin: "https://evil.example" });
  const res = await evil.postJson("/api/auth/forgot-password", { email: "thandi@example.co.za" });
  assert.equal(res.status, 403);
  const form = await evil.postForm("/reset-password", { token: "a".repeat(32), password: NEW, confirmPassword: NEW });
  assert.equal(form.status, 403);
  assert.equal((await db.select().from(emailOutbox)).length, 0);
});

test(
  "[reset pages] /forgot-password works without JavaScript and never tells who has an account",
  async (db, database) => {
    await createUser(db, thandi);
    const client = testClient(testApp(database));
    const page = await client.get("/forgot-password");
    assert.equal(page.status, 200);
    assert.match(page.headers.get("content-type") ?? "", /text\/html/);
    const html = await page.text();
    assert.match(html, /<form[^>]*action="\/forgot-password" method="post"/);
    assert.match(html, /name="email"/);
    assert.match(html, /href="\/login"/);
    assert.match(html, /noindex/);

    const empty = await client.postForm("/forgot-password", { email: "" });
    assert.equal(empty.status, 400);
    assert.match(await empty.text(), /Email is required/);
    const bad = await client.postForm("/forgot-password", { email: "thandi@" });
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /Please enter a valid email address/);
    assert.match(badHtml, /value="thandi@"/, "the typed address is kept");

    const known = await client.postForm("/forgot-password", { email: "thandi@example.co.za" });
    const unknown = await client.postForm("/forgot-password", { email: "nobody@example.co.za" });
    assert.equal(known.status, 303);
    assert.equal(unknown.status, 303);
    assert.equal(known.headers.get("location"), "/forgot-password?sent=1");
    assert.equal(unknown.headers.get("location"), known.headers.get("location"), "same redirect, no address in it");
    const done = await (await client.get("/forgot-password?sent=1")).text();
    assert.ok(done.includes(SENT));
    assert.match(done, /href="\/login"/);
  },
);

test("[reset pages] /reset-password: invalid link, form, errors, success and redirect", async (db, database) => {
  await createUser(db, thandi);
  const client = testClient(testApp(database));
  for (const path of ["/reset-password", "/reset-password?token=", `/reset-password?token=${"a".repeat(32)}`]) {
    const res = await client.get(path);
    assert.equal(res.status, 400, path);
    const html = await res.text();
    assert.match(html, /Invalid Reset Link/);
    assert.match(html, /href="\/forgot-password"/);
    assert.doesNotMatch(html, /name="password"/);
  }
  await client.postForm("/forgot-password", { email: "thandi@example.co.za" });
  const token = await queuedResetToken(db);
  const form = await client.get(`/reset-password?token=${token}`);
  assert.equal(form.status, 200);
  assert.equal(form.headers.get("cache-control"), "no-store");
  const html = await form.text();
  assert.match(html, /<form[^>]*action="\/reset-password" method="post"/);
  assert.match(html, new RegExp(`<input type="hidden" name="token" value="${token}"`));
  assert.match(html, /data-island="ResetPasswordForm"/);
  assert.match(inputTag(html, "password"), /type="password"/);
  assert.match(inputTag(html, "password"), /maxLength="100"/);
  assert.match(inputTag(html, "confirmPassword"), /type="password"/);
  assert.match(inputTag(html, "confirmPassword"), /maxLength="100"/);
  assert.match(
    html,
    /verifyUrl&quot;:&quot;\/api\/auth\/reset-password\/verify\?token=/,
    "the island re-checks the link",
  );

  const mismatch = await client.postForm("/reset-password", { token, password: NEW, confirmPassword: "Other-Pass9!" });
  assert.equal(mismatch.status, 400);
  const mismatchHtml = await mismatch.text();
  assert.match(mismatchHtml, /Passwords do not match/);
  assert.doesNotMatch(mismatchHtml, new RegExp(NEW), "passwords are never echoed");
  const weak = await client.postForm("/reset-password", { token, password: "weakling", confirmPassword: "weakling" });
  assert.equal(weak.status, 400);
  assert.match(await weak.text(), /Password must contain at least one uppercase letter/);

  const ok = await client.postForm("/reset-password", { token, password: NEW, confirmPassword: NEW });
  assert.equal(ok.status, 200);
  const okHtml = await ok.text();
  assert.match(
    okHtml,
    /<noscript><meta http-equiv="refresh" content="3;url=\/login"\/><\/noscript>/,
    "goes to /login after 3 seconds without JavaScript too",
  );
  assert.match(okHtml, /Password reset/);
  assert.match(okHtml, /You can now sign in with your new password/);
  assert.match(okHtml, /data-island="ResetRedirect"/);
  assert.match(okHtml, /in 3 seconds/);
  assert.match(okHtml, /href="\/login"/);

  const reused = await client.postForm("/reset-password", { token, password: OLD, confirmPassword: OLD });
  assert.equal(reused.status, 400);
  assert.match(await reused.text(), /Invalid Reset Link/);
  assert.equal((await client.get(`/reset-password?token=${token}`)).status, 400, "the link is spent");

  const login = await client.postForm("/login", { username: "thandi_n", password: NEW });
  assert.equal(login.status, 303);
  const [row] = await db.select().from(passwordResetTokens);
  assert.ok(row.usedAt);
});

test(
  "[reset] the whole path: request, real SMTP delivery, link from the message, new password, sign in",
  async (db, database) => {
    await createUser(db, thandi);
    const sink = startSmtpSink();
    const transport = smtpTransport(sink.url(), fromAddress("Reptile Basics", "support@reptilebasics.co.za"));
    try {
      const lines: string[] = [];
      const app = createApp({
        database,
        config: testConfig({ SMTP_URL: sink.url(), LOG_REQUESTS: "true" }),
        assets: testAssets(),
        log: (l) => lines.push(l),
      });
      const client = testClient(app);
      const asked = await client.postForm("/forgot-password", { email: "thandi@example.co.za" });
      assert.equal(asked.status, 303);

      assert.equal((await deliverDue(db, transport)).sent, 1);
      const message = await sink.waitForMessage((m) => m.to.includes("thandi@example.co.za"));
      const text = textBody(message);
      assert.match(text, /Reptile Basics/);
      assert.match(text, /expires in 1 hour/);
      assert.match(text, /If you did not ask/);
      const link = resetLinkIn(message);
      assert.ok(link.startsWith(`${TEST_ORIGIN}/reset-password?token=`), link);
      const url = new URL(link);

      const form = await client.get(url.pathname + url.search);
      assert.equal(form.status, 200);
      assert.match(await form.text(), /Reset your password/);
      const token = url.searchParams.get("token")!;
      const done = await client.postForm("/reset-password", { token, password: NEW, confirmPassword: NEW });
      assert.equal(done.status, 200);
      const login = await client.postJson("/api/auth/login", { username: "thandi_n", password: NEW });
      assert.equal(login.status, 200);
      assert.equal((await login.json()).username, "thandi_n");

      const all = lines.join("\n");
      assert.ok(lines.length >= 4);
      assert.ok(!all.includes(token), "the token is in no log line");
      assert.ok(!all.includes(NEW), "nor the password");
      const [row] = await db.select().from(emailOutbox);
      assert.equal(row.status, "sent");
      assert.ok(!row.textBody.includes(token) && !(row.htmlBody ?? "").includes(token), "no live link kept once sent");
    } finally {
      transport.close?.();
      await sink.stop();
    }
  },
);

closeDatabase();
