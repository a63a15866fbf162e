import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/factories.ts";
import { forgetfulThandi, queuedResetToken } from "../../tests/helpers/password_reset.ts";
import { emailOutbox, passwordResetTokens, rateLimits, sessions, users } from "../../db/schema/mod.ts";
import {
  accountLoginKey,
  authenticate,
  createSession,
  hashToken,
  InvalidResetTokenError,
  RESET_TOKEN_TTL_MS,
  resetPassword,
  verifyResetToken,
} from "./mod.ts";
import { requestPasswordReset } from "../../flows/request_password_reset.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const opts = { siteUrl: "https://shop.example", shopName: "Reptile Basics" };
const OLD = "Old-Password1";
const NEW = "New-Password2!";

/** The customer who forgets her password, which is OLD. */
const thandi = await forgetfulThandi("thandi", OLD);

test("[reset] a request stores only the token's hash, valid 1 hour, and queues the e-mail", async (db) => {
  const user = await createUser(db, thandi);
  const now = new Date("2026-11-20T08:00:00Z");
  await requestPasswordReset(db, " Thandi@Example.co.za ", { ...opts, now });
  const [mail] = await db.select().from(emailOutbox);
  assert.equal(mail.toAddress, "thandi@example.co.za");
  assert.equal(mail.status, "pending");
  assert.equal(mail.subject, "Reset your Reptile Basics password");
  assert.match(mail.textBody, /Hello Thandi,/);
  assert.match(mail.textBody, /https:\/\/shop\.example\/reset-password\?token=[a-z2-7]{32}\n/);
  assert.match(mail.textBody, /expires in 1 hour/);
  const token = await queuedResetToken(db);
  const [row] = await db.select().from(passwordResetTokens);
  assert.equal(row.userId, user.id);
  assert.equal(row.token, hashToken(token), "the hash is stored");
  assert.notEqual(row.token, token, "never the token itself");
  assert.equal(row.expires.getTime() - now.getTime(), RESET_TOKEN_TTL_MS);
  assert.equal(await verifyResetToken(db, token, now), true);
});

test("[reset] an unknown e-mail does the same thing without writing anything", async (db) => {
  await createUser(db, thandi);
  const result = await requestPasswordReset(db, "nobody@example.co.za", opts);
  assert.equal(result, undefined, "no answer that could tell the two apart");
  assert.equal((await db.select().from(emailOutbox)).length, 0);
  assert.equal((await db.select().from(passwordResetTokens)).length, 0);
  const known = await requestPasswordReset(db, "thandi@example.co.za", opts);
  assert.equal(known, undefined);
  // An erased account is as good as unknown.
  await db.update(users).set({ deletedAt: new Date() });
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  assert.equal((await db.select().from(emailOutbox)).length, 1);
});

test("[reset] a new request invalidates the older unused link", async (db) => {
  await createUser(db, thandi);
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  const first = await queuedResetToken(db);
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  const second = await queuedResetToken(db);
  assert.notEqual(first, second);
  assert.equal(await verifyResetToken(db, first), false);
  assert.equal(await verifyResetToken(db, second), true);
  await assert.rejects(resetPassword(db, first, NEW), InvalidResetTokenError);
});

test("[reset] a token works once", async (db) => {
  await createUser(db, thandi);
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  const token = await queuedResetToken(db);
  await resetPassword(db, token, NEW);
  const [row] = await db.select().from(passwordResetTokens);
  assert.ok(row.usedAt, "marked used");
  assert.equal(await verifyResetToken(db, token), false);
  await assert.rejects(resetPassword(db, token, "Another-Pass3!"), InvalidResetTokenError);
  const user = await authenticate(db, "thandi", NEW);
  assert.equal(user.username, "thandi");
  await assert.rejects(authenticate(db, "thandi", "Another-Pass3!"));
  const [stored] = await db.select().from(users);
  assert.match(stored.password, /^\$argon2id\$/);
});

raceTest("[reset] two resets racing with one token: exactly one wins", async (db) => {
  await createUser(db, thandi);
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  const token = await queuedResetToken(db);
  const results = await Promise.allSettled([resetPassword(db, token, NEW), resetPassword(db, token, "Racer-Pass4!")]);
  assert.equal(results.filter((r) => r.status === "fulfilled").length, 1);
  const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
  assert.ok(lost.reason instanceof InvalidResetTokenError);
});

test("[reset] a token expires after 1 hour", async (db) => {
  await createUser(db, thandi);
  const now = new Date("2026-11-20T08:00:00Z");
  await requestPasswordReset(db, "thandi@example.co.za", { ...opts, now });
  const token = await queuedResetToken(db);
  const almost = new Date(now.getTime() + RESET_TOKEN_TTL_MS - 1000);
  const after = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
  assert.equal(await verifyResetToken(db, token, almost), true);
  assert.equal(await verifyResetToken(db, token, after), false);
  await assert.rejects(resetPassword(db, token, NEW, after), InvalidResetTokenError);
  await resetPassword(db, token, NEW, almost);
});

test("[reset] a reset ends every session of the user, and only theirs", async (db) => {
  const user = await createUser(db, thandi);
  const other = await createUser(db, { ...thandi, username: "sipho", email: "sipho@example.co.za" });
  await createSession(db, { userId: user.id });
  await createSession(db, { userId: user.id, remember: true });
  await createSession(db, { userId: other.id });
  await createSession(db, { userId: null });
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  await resetPassword(db, await queuedResetToken(db), NEW);
  const left = await db.select().from(sessions);
  assert.equal(left.filter((s) => s.userId === user.id).length, 0);
  assert.equal(left.filter((s) => s.userId === other.id).length, 1);
  assert.equal(left.filter((s) => s.userId === null).length, 1);
});

test("[reset] a reset lifts the account's sign-in slowdown", async (db) => {
  const user = await createUser(db, thandi);
  const resetAt = new Date(Date.now() + 600_000);
  await db.insert(rateLimits).values([
    { key: `${accountLoginKey(user.id)}:failures`, count: 15, resetAt },
    { key: `${accountLoginKey(user.id)}:wait`, count: 1, resetAt },
    { key: "login:ip:203.0.113.9", count: 9, resetAt },
  ]);
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  await resetPassword(db, await queuedResetToken(db), NEW);
  const keys = (await db.select().from(rateLimits)).map((r) => r.key);
  assert.deepEqual(keys, ["login:ip:203.0.113.9"]);
});

test("[reset] bad tokens and weak passwords are refused without touching the account", async (db) => {
  await createUser(db, thandi);
  await requestPasswordReset(db, "thandi@example.co.za", opts);
  const token = await queuedResetToken(db);
  for (const bad of ["", "short", token.toUpperCase().replace(/./, "!"), "a".repeat(32)]) {
    assert.equal(await verifyResetToken(db, bad), false, bad);
    await assert.rejects(resetPassword(db, bad, NEW), InvalidResetTokenError);
  }
  await assert.rejects(resetPassword(db, token, "weak"), /Password must be at least 8 characters/);
  await assert.rejects(resetPassword(db, token, "Aa1!" + "x".repeat(97)), /at most 100 characters/);
  assert.equal(await verifyResetToken(db, token), true, "a refused password does not use up the link");
  await authenticate(db, "thandi", OLD);
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.token, hashToken(token)));
  assert.equal(row.usedAt, null);
});

closeDatabase();
