import assert from "node:assert/strict";
import { eq, sql } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { loggingApp, TEST_ORIGIN, testApp } from "../helpers/app.ts";
import { testClient } from "../helpers/client.ts";
import { PASSWORD_RULE_CASES, registerCustomer, registration } from "../helpers/accounts.ts";
import { rateLimits, sessions, users, wishlistItems } from "../../db/schema/mod.ts";
import {
  accountLoginKey,
  createSession,
  hashPassword,
  hashToken,
  slowdownMs,
  sweepExpiredSessions,
} from "../../domains/auth/mod.ts";
import { cartCappedToast } from "../../routes/auth_actions.ts";
import { describeError } from "../../lib/error_log.ts";
import { createProduct, createUser } from "../helpers/factories.ts";
import { demoAccounts } from "../../seed/mod.ts";
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

test("[auth] an attacker's wrong passwords hold up the attacker's address, never the owner's", async (db, database) => {
  await registered(db, database);
  const app = testApp(database, { TRUST_PROXY: "true" });
  const attempt = (ip: string, password: string, username = "thandi_n") =>
    app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, "X-Forwarded-For": ip },
      body: JSON.stringify({ username, password }),
    });
  const OWNER = "198.51.100.20";
  const ATTACKER = "203.0.113.66";
  assert.equal((await attempt(OWNER, good.password)).status, 200, "the owner's usual address");
  for (let i = 0; i < 5; i++) assert.equal((await attempt(ATTACKER, "Wrong-pass1")).status, 401);
  assert.equal((await attempt(ATTACKER, "Wrong-pass1")).status, 429, "the attacker's address waits");
  assert.equal((await attempt(ATTACKER, good.password)).status, 429, "even a right guess from there");
  assert.equal((await attempt(OWNER, good.password)).status, 200, "the owner is not locked out");
  assert.equal((await attempt("198.51.100.21", good.password)).status, 200, "nor on a new address");
});

test(
  "[auth] a spread attack slows new addresses with growing waits; known addresses, staff too, get in",
  async (db, database) => {
    await registered(db, database);
    await createUser(db, {
      username: "boss",
      email: "boss@example.co.za",
      password: await hashPassword(good.password),
      role: "super_admin",
    });
    const app = testApp(database, { TRUST_PROXY: "true" });
    const attempt = (ip: string, password: string, username: string) =>
      app.request("/api/auth/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, "X-Forwarded-For": ip },
        body: JSON.stringify({ username, password }),
      });
    for (const username of ["thandi_n", "boss"]) {
      assert.equal((await attempt("198.51.100.50", good.password, username)).status, 200, `${username} at the office`);
      // Ten wrong passwords from ten addresses: no address is held up, the account is not locked.
      for (let i = 0; i < 10; i++) {
        assert.equal(
          (await attempt(`203.0.113.${i + 1}`, "Wrong-pass1", username)).status,
          401,
        );
      }
      const waited = await attempt("203.0.113.200", "Wrong-pass1", username);
      assert.equal(waited.status, 429, "the next new address waits");
      assert.equal(Number(waited.headers.get("retry-after")), 2);
      // The wait grows with each further failure (simulated: the window's count goes up).
      assert.deepEqual([10, 11, 12, 15, 30].map(slowdownMs), [2_000, 4_000, 8_000, 60_000, 60_000]);
      assert.equal((await attempt("198.51.100.50", good.password, username)).status, 200, "the usual address gets in");
    }
  },
);

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
  const { app, lines } = loggingApp(database);
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
  },
);

test(
  "[auth pages] /login lists the demo logins only when they exist and SEED_DEMO=true, production or not",
  async (db, database) => {
    const page = async (env: Record<string, string>) => await (await testApp(database, env).request("/login")).text();
    // A live shop's database has no demo accounts: a default SEED_DEMO publishes nothing.
    for (const NODE_ENV of ["production", "development"]) {
      assert.doesNotMatch(await page({ NODE_ENV }), /Demo accounts/, NODE_ENV);
    }
    for (const a of demoAccounts) {
      await createUser(db, { username: a.username, role: a.role });
    }
    // `deno task start` runs with NODE_ENV=production and must show the demo shop (decision 0002).
    for (const NODE_ENV of ["production", "development"]) {
      const html = await page({ NODE_ENV });
      assert.match(html, /Demo accounts/, NODE_ENV);
      assert.match(html, /<code>admin<\/code> \/ <code>Admin123!<\/code>/, NODE_ENV);
    }
    assert.doesNotMatch(await page({ NODE_ENV: "production", SEED_DEMO: "false" }), /Demo accounts/);
    assert.doesNotMatch(await page({ SEED_DEMO: "false" }), /Demo accounts/);
  },
);

test("[auth pages] the post-login target stays on this site and never breaks the redirect", async (db, database) => {
  const { client } = await registered(db, database);
  // [the parameter as the browser sends it, where the shopper lands]
  const cases: [string, string][] = [
    ["/%09/evil.example", "/"], // browsers drop the tab: "//evil.example"
    ["/%0a", "/"], // a newline cannot go in a Location header
    ["/%0D%0ASet-Cookie:%20x=1", "/"],
    ["/%5Cevil.example", "/"], // a backslash reads as "/"
    ["/%5C/evil.example", "/"],
    ["https://evil.example/x", "/"],
    ["https%3A%2F%2Fevil.example", "/"],
    ["//evil.example", "/"],
    [`/${"a".repeat(600)}`, "/"],
    [encodeURIComponent("/categories?sort=price&page=2#top"), "/categories?sort=price&page=2#top"],
    [encodeURIComponent("/product/gecko-🦎?q=café lamp"), "/product/gecko-%F0%9F%A6%8E?q=caf%C3%A9%20lamp"],
  ];
  for (const [redirect, expected] of cases) {
    const res = await client.postForm(`/login?redirect=${redirect}`, { username: "thandi_n", password: good.password });
    assert.equal(res.status, 303, redirect);
    assert.equal(res.headers.get("location"), expected, redirect);
    // Signed in already: /login sends straight on, through the same check (returnPath too).
    const again = await client.get(`/login?returnPath=${redirect}`);
    assert.equal(again.status, 303, redirect);
    assert.equal(again.headers.get("location"), expected, redirect);
    await client.postForm("/logout", {});
  }
});

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

/** Runs `fn` with a table renamed away (a failing dependency), then puts it back. */
async function withTableGone(db: Db, table: string, fn: () => Promise<void>) {
  await db.execute(sql.raw(`alter table "${table}" rename to "${table}_away"`));
  try {
    await fn();
  } finally {
    await db.execute(sql.raw(`alter table "${table}_away" rename to "${table}"`));
  }
}

/** What `fn` writes to console.error, line by line. */
async function errorLines(fn: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    await fn();
  } finally {
    console.error = original;
  }
  return lines;
}

/** Checks log lines carry no query parameters and none of `secrets`. */
function assertClean(lines: string[], secrets: string[]) {
  assert.ok(lines.length > 0, "the failure was logged");
  const all = lines.join("\n");
  assert.doesNotMatch(all, /params:/, all);
  assert.doesNotMatch(all, /\$argon2id\$/, "no password hash");
  for (const secret of secrets) assert.ok(!all.includes(secret), `${secret} is not logged`);
  for (const line of lines) assert.equal(JSON.parse(line).level, "error", "one JSON object per line");
}

test("[auth] the per-account login limit counts the account, whatever name is typed", async (db, database) => {
  await registered(db, database);
  const app = testApp(database, { TRUST_PROXY: "true" });
  const attempt = (username: string, password = "Wrong-pass1", ip = "198.51.100.7") =>
    app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, "X-Forwarded-For": ip },
      body: JSON.stringify({ username, password }),
    });
  const names = ["thandi_n", "Thandi@Example.co.za", "THANDI_N", " thandi@example.co.za ", "Thandi_N"];
  for (const name of names) assert.equal((await attempt(name)).status, 401, name);
  const blocked = await attempt("thandi@example.co.za", good.password);
  assert.equal(blocked.status, 429, "five misses under any spelling hold up this address for the one account");
  assert.ok(Number(blocked.headers.get("retry-after")) > 0);
  const [user] = await db.select().from(users).where(eq(users.username, "thandi_n"));
  const keys = (await db.select().from(rateLimits)).map((r) => r.key);
  assert.ok(keys.some((k) => k.startsWith(`${accountLoginKey(user.id)}:from:`)));
  assert.ok(!keys.some((k) => k.includes("thandi")), "keys hold no names");
  assert.ok(!keys.some((k) => k.startsWith("login:account:") && k.includes("198.51.100")), "nor addresses");

  // An unknown name: every spelling of it shares one bucket too.
  for (const name of ["Ghost", "ghost", "GHOST ", "gHoSt", "ghost"]) assert.equal((await attempt(name)).status, 401);
  assert.equal((await attempt("Ghost")).status, 429);
  // A very long name is just another unknown name, not a 500.
  assert.equal((await attempt("x".repeat(254))).status, 401);
});

test("[auth] register is rate limited per e-mail address, from any IP", async (_db, database) => {
  const app = testApp(database, { TRUST_PROXY: "true" });
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, "X-Forwarded-For": `198.51.100.${i}` },
      body: JSON.stringify({ ...good, username: `keeper${i}`, email: i % 2 ? "THANDI@example.co.za" : good.email }),
    });
    statuses.push(res.status);
    if (res.status === 429) {
      assert.ok(Number(res.headers.get("retry-after")) > 0);
      assert.match((await res.json()).error, /Too many attempts/);
    }
  }
  assert.deepEqual(statuses, [201, 409, 409, 429]);
});

test("[auth pages] login, register and forgot-password forms answer 429 with Retry-After", async (db, database) => {
  await registered(db, database);
  const client = testClient(testApp(database));
  let login: Response | undefined;
  for (let i = 0; i < 6; i++) login = await client.postForm("/login", { username: "thandi_n", password: "Wrong-1!" });
  assert.equal(login!.status, 429);
  assert.match(login!.headers.get("content-type") ?? "", /text\/html/);
  const retry = Number(login!.headers.get("retry-after"));
  assert.ok(retry > 0 && retry <= 900, `Retry-After ${retry}`);
  const loginHtml = await login!.text();
  assert.match(loginHtml, /Too many attempts\. Please try again in \d+ minutes?\./);
  assert.match(loginHtml, /value="thandi_n"/, "the form is shown again, with the name typed");

  let register: Response | undefined;
  for (let i = 0; i < 6; i++) {
    register = await client.postForm("/register", {
      username: `keeper${i}`,
      email: `k${i}@example.co.za`,
      password: good.password,
      confirmPassword: good.password,
      acceptTerms: "on",
    });
    await client.postForm("/logout", {});
  }
  assert.equal(register!.status, 429);
  assert.ok(Number(register!.headers.get("retry-after")) > 0);
  assert.match(
    await register!.text(),
    /<form[^>]*action="\/register"[^]*Too many attempts|Too many attempts[^]*<form[^>]*action="\/register"/,
  );

  let forgot: Response | undefined;
  for (let i = 0; i < 6; i++) forgot = await client.postForm("/forgot-password", { email: `f${i}@example.co.za` });
  assert.equal(forgot!.status, 429);
  assert.ok(Number(forgot!.headers.get("retry-after")) > 0);
  assert.match(await forgot!.text(), /Too many attempts/);
});

test(
  "[auth pages] a failure on our side shows 'Login failed. Please try again.' in the form, and logs no secrets",
  async (db, database) => {
    await registered(db, database);
    const app = testApp(database);
    const client = testClient(app);
    await withTableGone(db, "sessions", async () => {
      const lines = await errorLines(async () => {
        const page = await client.postForm("/login", { username: "thandi_n", password: good.password });
        assert.equal(page.status, 500);
        const html = await page.text();
        assert.match(html, /Login failed\. Please try again\./);
        assert.match(html, /<form[^>]*action="\/login"/, "the form, not the error page");
        assert.match(html, /value="thandi_n"/);
        const api = await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
        assert.equal(api.status, 500);
        assert.deepEqual(await api.json(), {
          error: "Login failed. Please try again.",
          message: "Login failed. Please try again.",
        });
      });
      assertClean(lines, [good.password]);
      const entry = JSON.parse(lines[0]);
      assert.equal(entry.message, "sign-in failed");
      assert.match(entry.error, /Failed query: insert into "sessions"/, "the query is named, without its values");
      assert.ok(entry.stack, "stack frames are kept");
    });
  },
);

test(
  "[auth pages] a failure on our side shows 'Registration failed. Please try again.' in the form",
  async (db, database) => {
    const client = testClient(testApp(database));
    await withTableGone(db, "users", async () => {
      const lines = await errorLines(async () => {
        const page = await client.postForm("/register", {
          username: "thandi_n",
          email: "thandi@example.co.za",
          password: good.password,
          confirmPassword: good.password,
          acceptTerms: "on",
        });
        assert.equal(page.status, 500);
        const html = await page.text();
        assert.match(html, /Registration failed\. Please try again\./);
        assert.match(html, /<form[^>]*action="\/register"/);
        assert.match(html, /value="thandi@example\.co\.za"/, "values kept");
        const api = await client.postJson("/api/auth/register", good);
        assert.equal(api.status, 500);
        assert.deepEqual(await api.json(), {
          error: "Registration failed. Please try again.",
          message: "Registration failed. Please try again.",
        });
      });
      assertClean(lines, ["thandi@example.co.za", good.password]);
    });
  },
);

test("[log] an unexpected error reaches app.onError and its log line has no query parameters", async (db, database) => {
  const { client } = await registered(db, database);
  await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  const token = client.cookies.get("sid")!;
  await withTableGone(db, "sessions", async () => {
    const lines = await errorLines(async () => {
      const res = await client.get("/api/auth/me");
      assert.equal(res.status, 500);
      assert.equal((await client.get("/")).status, 500);
    });
    assertClean(lines, [token, hashToken(token)]);
    const entry = JSON.parse(lines[0]);
    assert.equal(entry.message, "unhandled error");
    assert.equal(entry.path, "/api/auth/me");
    assert.ok(entry.requestId);
  });
});

test("[log] describeError keeps the query and stack frames, drops the parameters", () => {
  const cause = Object.assign(new Error('relation "sessions" does not exist'), { code: "42P01" });
  const err = new Error(
    'Failed query: select "id" from "sessions" where "id" = $1\nparams: 3f1a9c,$argon2id$v=19$m=19456,k@example.co.za\nsecond line',
    { cause },
  );
  const d = describeError(err);
  assert.equal(d.error, 'Error: Failed query: select "id" from "sessions" where "id" = $1');
  assert.equal(d.code, "42P01");
  assert.deepEqual(d.causes, ['Error: relation "sessions" does not exist']);
  assert.ok(d.stack && !d.stack.includes("params") && d.stack.includes("at "));
  assert.equal(describeError("plain text").error, "plain text");
});

test("[auth pages] register keeps ?addToWishlist: the product is saved, its toast shown", async (db, database) => {
  const hide = await createProduct(db, { name: "Cork Hide", slug: "cork-hide" });
  const client = testClient(testApp(database));
  const login =
    await (await client.get(`/login?wishlist=true&returnPath=%2Fproduct%2Fcork-hide&addToWishlist=${hide.id}`))
      .text();
  assert.match(
    login,
    new RegExp(`href="/register\\?wishlist=true&amp;returnPath=%2Fproduct%2Fcork-hide&amp;addToWishlist=${hide.id}"`),
  );
  const res = await client.postForm(
    `/register?wishlist=true&returnPath=%2Fproduct%2Fcork-hide&addToWishlist=${hide.id}`,
    { ...good, acceptTerms: "on" } as unknown as Record<string, string>,
  );
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/product/cork-hide");
  const saved = await db.select().from(wishlistItems);
  assert.deepEqual(saved.map((w) => w.productId), [hide.id]);
  const first = await (await client.get("/product/cork-hide")).text();
  assert.match(first, /Added to Wishlist/);
  assert.match(
    await (await client.get("/wishlist")).text(),
    /Your account is ready, Thandi Nkosi\./,
    "then the welcome",
  );
});

test("[auth pages] lines the cart merge cut to stock are named in a 'Cart Updated' toast", async (db, database) => {
  const mat = await createProduct(db, { name: "Heat Mat", stock: 3 });
  const tongs = await createProduct(db, { name: "Feeder Tongs", stock: 2 });
  const bowl = await createProduct(db, { name: "Water Bowl", stock: 10 });
  const { client } = await registered(db, database);
  await client.postJson("/api/auth/login", { username: "thandi_n", password: good.password });
  await client.postJson("/api/cart", { productId: mat.id, quantity: 2 });
  await client.postJson("/api/cart", { productId: tongs.id, quantity: 1 });
  await client.postJson("/api/auth/logout", {});
  for (const p of [mat, tongs, bowl]) {
    assert.equal((await client.postJson("/api/cart", { productId: p.id, quantity: 2 })).status, 201, p.name);
  }
  const res = await client.postForm("/login?redirect=/cart", { username: "thandi_n", password: good.password });
  assert.equal(res.status, 303);
  const cart = await (await client.get("/api/cart")).json();
  assert.deepEqual(
    cart.items.map((i: { product: { name: string }; quantity: number }) => [i.product.name, i.quantity]).sort(),
    [["Feeder Tongs", 2], ["Heat Mat", 3], ["Water Bowl", 2]],
  );
  const first = await (await client.get("/cart")).text();
  assert.match(first, /Welcome back!/);
  const second = await (await client.get("/cart")).text();
  assert.match(second, /Cart Updated/, "queued with the welcome, shown next");
  assert.match(
    second,
    /Some quantities were reduced to what is in stock: (Heat Mat, Feeder Tongs|Feeder Tongs, Heat Mat)\./,
  );
  assert.doesNotMatch(second, /Water Bowl\./);

  // A merge that cuts nothing says nothing.
  await client.postForm("/logout", {});
  await client.postJson("/api/cart", { productId: bowl.id, quantity: 1 });
  await client.postForm("/login", { username: "thandi_n", password: good.password });
  await client.get("/");
  assert.doesNotMatch(await (await client.get("/")).text(), /Cart Updated/);
});

Deno.test("[auth] the 'Cart Updated' toast names each line once and counts the rest", () => {
  assert.deepEqual(cartCappedToast(["Heat Mat"]), {
    title: "Cart Updated",
    description: "Some quantities were reduced to what is in stock: Heat Mat.",
  });
  assert.equal(
    cartCappedToast(["A", "B", "A", "C", "D", "E"]).description,
    "Some quantities were reduced to what is in stock: A, B, C and 2 more.",
  );
});

test(
  "[auth pages] a failed cart merge's 'Cart Sync Issue' is not hidden by 'Added to Wishlist'",
  async (db, database) => {
    const hide = await createProduct(db, { name: "Cork Hide", slug: "cork-hide" });
    const { client } = await registered(db, database);
    const guest = await createSession(db, { userId: null });
    client.cookies.set("sid", guest.token);
    let lines: string[] = [];
    await withTableGone(db, "cart_items", async () => {
      lines = await errorLines(async () => {
        const res = await client.postForm(`/login?returnPath=%2Fwishlist&addToWishlist=${hide.id}`, {
          username: "thandi_n",
          password: good.password,
        });
        assert.equal(res.status, 303, "signed in all the same");
      });
    });
    assertClean(lines, [guest.token, hashToken(guest.token)]);
    assert.equal(JSON.parse(lines[0]).message, "cart merge failed");
    const first = await (await client.get("/wishlist")).text();
    assert.match(first, /Cart Sync Issue/, "the problem first");
    assert.doesNotMatch(first, /Added to Wishlist/);
    assert.match(first, /Cork Hide/, "the product was saved");
    const second = await (await client.get("/wishlist")).text();
    assert.match(second, /Added to Wishlist/, "then the good news");
    assert.doesNotMatch(second, /Cart Sync Issue/);
    assert.doesNotMatch(await (await client.get("/wishlist")).text(), /Added to Wishlist|Cart Sync Issue/, "each once");
  },
);

test("[auth] cookies are Secure exactly when SITE_URL is https (flash as session)", async (db, database) => {
  await registered(db, database);
  for (
    const [env, secure] of [
      [{ SITE_URL: "https://shop.example", NODE_ENV: "production" }, true],
      [{ SITE_URL: "http://localhost:8000", NODE_ENV: "production" }, false],
    ] as const
  ) {
    const client = testClient(testApp(database, env), { origin: env.SITE_URL });
    const res = await client.postForm("/login", { username: "thandi_n", password: good.password });
    assert.equal(res.status, 303, env.SITE_URL);
    const cookies = res.headers.getSetCookie();
    const sid = cookies.find((c) => c.startsWith("sid="))!;
    const flash = cookies.findLast((c) => c.startsWith("flash="))!;
    assert.ok(flash, "the welcome toast rides in the flash cookie");
    for (const cookie of [sid, flash]) {
      assert.equal(/;\s*Secure/i.test(cookie), secure, `${env.SITE_URL}: ${cookie}`);
      assert.match(cookie, /HttpOnly/);
      assert.match(cookie, /SameSite=Lax/);
    }
    assert.equal((await client.get("/api/auth/me")).status, 200, "signed in on http://localhost in production too");
    await client.postForm("/logout", {});
  }
});

test("[flash] a forged or oversized flash cookie shows only bounded plain text", async (_db, database) => {
  const app = testApp(database);
  const forged = JSON.stringify([
    { title: "<script>alert(1)</script>", description: "x".repeat(5000), variant: "evil" },
    { nope: true },
  ]);
  const res = await app.request("/categories", { headers: { Cookie: `flash=${encodeURIComponent(forged)}` } });
  const html = await res.text();
  assert.ok(!html.includes("<script>alert(1)</script>"));
  assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.ok(!html.includes("x".repeat(301)), "the description is cut to 300 characters");
  assert.ok(res.headers.getSetCookie().some((c) => /^flash=;/.test(c) || /flash=.*Max-Age=0/i.test(c)), "cleared");
});

closeDatabase();
