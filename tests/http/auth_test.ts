import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { testApp, testAssets, testConfig } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { PASSWORD_RULE_CASES, registerCustomer, registration } from "../helpers/accounts.ts";
import { createApp } from "../../app.ts";
import { sessions, users } from "../../db/schema/mod.ts";
import { hashToken, sweepExpiredSessions } from "../../domains/auth/mod.ts";
import type { Db } from "../../db/client.ts";

const { test, closeDatabase } = useTestDatabase();

const good = registration({
  username: "thandi_n",
  email: "Thandi@Example.co.za",
  firstName: "Thandi",
  lastName: "Nkosi",
});

async function registered(db: Db, database: Parameters<typeof testApp>[0]) {
  const app = testApp(database);
  const client = testClient(app);
  await registerCustomer(client, good);
  await client.postJson("/api/auth/logout", {});
  return { app, client, db };
}

test("[auth] register: every rule gives the spec's message", async (_db, database) => {
  const client = testClient(testApp(database));
  const cases: [Partial<typeof good>, string][] = [
    [{ username: "ab" }, "Username must be at least 3 characters"],
    [{ username: "a".repeat(21) }, "Username must be at most 20 characters"],
    [{ username: "bad name!" }, "Username can only contain letters, numbers, underscores, and hyphens"],
    [{ email: "not-an-email" }, "Invalid email address"],
    ...PASSWORD_RULE_CASES,
    [{ confirmPassword: "Different-1" }, "Passwords do not match"],
    [{ acceptTerms: false }, "You must accept the terms and conditions"],
  ];
  for (const [change, message] of cases) {
    const res = await client.postJson("/api/auth/register", { ...good, ...change });
    assert.equal(res.status, 400, message);
    const body = await res.json();
    assert.ok(
      body.issues.some((i: { message: string }) => i.message === message),
      `${message}: ${JSON.stringify(body)}`,
    );
  }
  const extra = await client.postJson("/api/auth/register", { ...good, role: "admin" });
  assert.equal(extra.status, 400, "unknown fields (a self-assigned role) are refused");
});

test("[auth] register signs in; a taken username or e-mail is a clear 409", async (db, database) => {
  const client = testClient(testApp(database));
  const res = await client.postJson("/api/auth/register", good);
  assert.equal(res.status, 201);
  const user = await res.json();
  assert.equal(user.email, "thandi@example.co.za", "e-mail kept in lower case");
  assert.equal(user.role, "customer");
  assert.equal(user.password, undefined);
  const me = await client.get("/api/auth/me");
  assert.equal((await me.json()).username, "thandi_n");
  const [row] = await db.select().from(users).where(eq(users.username, "thandi_n"));
  assert.match(row.password, /^\$argon2id\$/);
  const other = testClient(testApp(database));
  const sameName = await other.postJson("/api/auth/register", {
    ...good,
    username: "THANDI_N",
    email: "x@example.co.za",
  });
  assert.equal(sameName.status, 409);
  assert.match((await sameName.json()).error, /username is already taken/);
  const sameEmail = await other.postJson("/api/auth/register", { ...good, username: "someone" });
  assert.equal(sameEmail.status, 409);
  assert.match((await sameEmail.json()).error, /e-mail address already exists/);
});

test("[auth] login messages, wrong password, and /me is 401 when logged out", async (db, database) => {
  const { client } = await registered(db, database);
  assert.equal((await client.get("/api/auth/me")).status, 401);
  const empty = await client.postJson("/api/auth/login", { username: "", password: "" });
  assert.equal(empty.status, 400);
  const messages = (await empty.json()).issues.map((i: { message: string }) => i.message);
  assert.deepEqual(messages, ["Username is required", "Password is required"]);
  const wrong = await client.postJson("/api/auth/login", { username: "thandi_n", password: "Nope-1234" });
  assert.equal(wrong.status, 401);
  assert.equal((await wrong.json()).error, "Invalid username or password");
  const unknown = await client.postJson("/api/auth/login", { username: "nobody", password: "Nope-1234" });
  assert.equal((await unknown.json()).error, "Invalid username or password", "same answer for unknown users");
  const ok = await client.postJson("/api/auth/login", { username: "Thandi@example.co.za", password: good.password });
  assert.equal(ok.status, 200, "e-mail works as the login name too");
});

test("[auth] login starts a new session (no fixation) with a hardened cookie", async (db, database) => {
  const { client } = await registered(db, database);
  // A guest session exists before login (as it will once the guest has a cart).
  const { createSession } = await import("../../domains/auth/mod.ts");
  const guest = await createSession(db, { userId: null });
  client.cookies.set("sid", guest.token);
  const res = await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  assert.equal(res.status, 200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
  assert.match(cookie, /Path=\//);
  assert.doesNotMatch(cookie, /Expires|Max-Age/i, "without remember-me the cookie ends with the browser");
  const token = client.cookies.get("sid")!;
  assert.notEqual(token, guest.token);
  const [stored] = await db.select().from(sessions).where(eq(sessions.id, hashToken(token)));
  assert.ok(stored, "the database holds the token's hash");
  assert.equal(stored.id.length, 64);
  assert.equal((await db.select().from(sessions).where(eq(sessions.id, token))).length, 0, "never the token itself");
  const hours = (stored.expiresAt.getTime() - Date.now()) / 3_600_000;
  assert.ok(hours > 23.9 && hours <= 24, "a browser session is limited to 24 hours on the server");
});

test("[auth] remember-me: a 30-day cookie that slides when half used", async (db, database) => {
  const { client } = await registered(db, database);
  const res = await client.postJson("/api/auth/login", {
    username: "thandi_n",
    password: good.password,
    rememberMe: true,
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
  const expires = new Date(cookie.match(/Expires=([^;]+)/i)![1]);
  const days = (expires.getTime() - Date.now()) / 86_400_000;
  assert.ok(days > 29.9 && days <= 30, `cookie lasts 30 days (${days})`);
  const id = hashToken(client.cookies.get("sid")!);
  // Twenty days later only ten are left: the next request renews the session and the cookie.
  await db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * 86_400_000) }).where(eq(sessions.id, id));
  const me = await client.get("/api/auth/me");
  assert.equal(me.status, 200);
  assert.ok(me.headers.getSetCookie().some((c) => c.startsWith("sid=")), "cookie renewed");
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  assert.ok(row.expiresAt.getTime() - Date.now() > 29 * 86_400_000);
});

test("[auth] logout deletes the server session; expired sessions are refused and swept", async (db, database) => {
  const { client } = await registered(db, database);
  await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  const token = client.cookies.get("sid")!;
  const logout = await client.postJson("/api/auth/logout", {});
  assert.equal(logout.status, 200);
  assert.equal((await db.select().from(sessions).where(eq(sessions.id, hashToken(token)))).length, 0);
  client.cookies.set("sid", token);
  assert.equal((await client.get("/api/auth/me")).status, 401, "the old token is worthless");

  await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  const id = hashToken(client.cookies.get("sid")!);
  await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, id));
  assert.equal((await client.get("/api/auth/me")).status, 401);
  assert.equal((await db.select().from(sessions).where(eq(sessions.id, id))).length, 0, "deleted when presented");

  await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  await db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
  assert.ok(await sweepExpiredSessions(db) >= 1);
  assert.equal((await db.select().from(sessions)).length, 0);
});

test("[auth] login is rate limited per account and per IP, with Retry-After", async (db, database) => {
  const { client } = await registered(db, database);
  for (let i = 0; i < 5; i++) {
    const r = await client.postJson("/api/auth/login", { username: "thandi_n", password: "Wrong-pass1" });
    assert.equal(r.status, 401);
  }
  const blocked = await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  assert.equal(blocked.status, 429, "even the right password waits once the account is under attack");
  assert.match((await blocked.json()).error, /Too many attempts\. Please try again in \d+ minutes?\./);
  const retry = Number(blocked.headers.get("retry-after"));
  assert.ok(retry > 0 && retry <= 900);
  // Another account from the same address still works until the address's own limit.
  const other = testClient(testApp(database));
  let last = 0;
  for (let i = 0; i < 25; i++) {
    last = (await other.postJson("/api/auth/login", { username: `user${i}`, password: "Wrong-pass1" })).status;
  }
  assert.equal(last, 429, "the IP limit stops a spray across accounts");
});

test("[auth] register is rate limited per IP", async (_db, database) => {
  const client = testClient(testApp(database));
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await client.postJson("/api/auth/register", {
      ...good,
      username: `keeper${i}`,
      email: `k${i}@example.co.za`,
    });
    statuses.push(r.status);
  }
  assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429]);
});

test("[csrf] cross-site state changes are refused, same-site ones pass", async (db, database) => {
  const { app } = await registered(db, database);
  const evil = testClient(app, { origin: "https://evil.example" });
  const r1 = await evil.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  assert.equal(r1.status, 403);
  assert.match((await r1.json()).error, /came from another site/);
  const r2 = await evil.postForm("/login", { username: "thandi_n", password: good.password });
  assert.equal(r2.status, 403);
  // No Origin but the browser says cross-site.
  const r3 = await app.request("/api/auth/logout", { method: "POST", headers: { "Sec-Fetch-Site": "cross-site" } });
  assert.equal(r3.status, 403);
  // A cookie-carrying request with no browser signals at all is refused too.
  const me = testClient(app);
  await me.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  const noOrigin = await app.request("/api/auth/logout", {
    method: "POST",
    headers: { Cookie: `sid=${me.cookies.get("sid")}` },
  });
  assert.equal(noOrigin.status, 403);
  assert.equal((await me.get("/api/auth/me")).status, 200, "still signed in");
});

test("[auth] no password, token or session id reaches a log line", async (db, database) => {
  const lines: string[] = [];
  const app = createApp({
    database,
    config: testConfig({ LOG_REQUESTS: "true" }),
    assets: testAssets(),
    log: (l) => lines.push(l),
  });
  const client = testClient(app);
  await client.postJson("/api/auth/register", good);
  await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  const token = client.cookies.get("sid")!;
  await client.get("/api/auth/me?x=1");
  const all = lines.join("\n");
  assert.ok(lines.length >= 3);
  assert.ok(!all.includes(good.password));
  assert.ok(!all.includes(token));
  assert.ok(!all.includes(hashToken(token)));
  void db;
});

test(
  "[auth pages] login form: errors, success redirect with the welcome toast, no open redirect",
  async (db, database) => {
    const { app } = await registered(db, database);
    const client = testClient(app);
    const page = await client.get("/login?redirect=/categories&wishlist=true");
    const html = await page.text();
    assert.match(html, /Please log in to add items to your wishlist\./);
    assert.match(html, /action="\/login\?redirect=\/categories&amp;wishlist=true"/);
    assert.match(html, /href="\/forgot-password"/);
    assert.match(html, /href="\/register"/);
    assert.match(html, /Demo accounts/);
    const bad = await client.postForm("/login?redirect=/categories", { username: "", password: "" });
    assert.equal(bad.status, 400);
    const badHtml = await bad.text();
    assert.match(badHtml, /Username is required/);
    assert.match(badHtml, /Password is required/);
    const wrong = await client.postForm("/login", { username: "thandi_n", password: "Nope-1234" });
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /Invalid username or password/);
    const ok = await client.postForm("/login?redirect=/categories", { username: "thandi_n", password: good.password });
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get("location"), "/categories");
    const next = await (await client.get("/categories")).text();
    assert.match(next, /Welcome back!/);
    assert.match(next, /You are logged in as Thandi Nkosi/);
    assert.match(next, /href="\/account"/, "the account menu replaces Sign In");
    await client.postForm("/logout", {});
    const evil = await client.postForm("/login?redirect=//evil.example/x", {
      username: "thandi_n",
      password: good.password,
    });
    assert.equal(evil.headers.get("location"), "/");
    const hidden = testApp(database, { SEED_DEMO: "false" });
    assert.doesNotMatch(await (await hidden.request("/login")).text(), /Demo accounts/);
  },
);

test("[auth pages] register form keeps values, shows messages, creates the account", async (_db, database) => {
  const client = testClient(testApp(database));
  const html = await (await client.get("/register")).text();
  assert.match(html, /href="\/terms"/);
  assert.match(html, /href="\/privacy"/);
  assert.match(html, /href="\/login"/);
  assert.match(html, /data-island="PasswordField"/);
  const bad = await client.postForm("/register", { username: "ok_name", email: "bad", password: "short" });
  assert.equal(bad.status, 400);
  const badHtml = await bad.text();
  assert.match(badHtml, /Invalid email address/);
  assert.match(badHtml, /Password must be at least 8 characters/);
  assert.match(badHtml, /You must accept the terms and conditions/);
  assert.match(badHtml, /value="ok_name"/);
  assert.doesNotMatch(badHtml, /value="short"/, "passwords are never echoed");
  const ok = await client.postForm("/register", {
    username: "new_keeper",
    email: "new@example.co.za",
    password: "Gecko-Keeper1",
    confirmPassword: "Gecko-Keeper1",
    acceptTerms: "on",
  });
  assert.equal(ok.status, 303);
  assert.equal((await (await client.get("/api/auth/me")).json()).username, "new_keeper");
});

closeDatabase();
