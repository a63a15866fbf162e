/**
 * Sign-in throttling counts wrong passwords only (issue 27, item 5): many customers signing in from
 * one address (an office, a school, a carrier NAT) never use up its budget, while guessing, per
 * account and across accounts, is still held up, concurrent guesses included.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp } from "../helpers/app.ts";
import { createUser } from "../helpers/factories.ts";
import { rateLimits } from "../../db/schema/mod.ts";
import { hashPassword, LIMITS, loginIpKey } from "../../domains/auth/mod.ts";
import type { Database, Db } from "../../db/client.ts";

const { test, raceTest, closeDatabase } = useTestDatabase();

const PASSWORD = "Right-pass1";
const WRONG = "Wrong-pass1";

/** Two customers, and a sign-in as if from `ip` behind the shop's trusted proxy. */
async function setUp(db: Db, database: Database) {
  const password = await hashPassword(PASSWORD);
  for (const username of ["thandi_n", "sipho_m"]) await createUser(db, { username, password });
  const app = testApp(database, { TRUST_PROXY: "true" });
  return async (ip: string, username: string, password: string): Promise<number> =>
    (await app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, "X-Forwarded-For": ip },
      body: JSON.stringify({ username, password }),
    })).status;
}

async function ipCount(db: Db, ip: string): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, loginIpKey(ip)));
  return row?.count ?? 0;
}

test(
  "[auth] right passwords never use up an address's sign-in budget; wrong ones across accounts still do",
  async (db, database) => {
    const signIn = await setUp(db, database);
    const OFFICE = "198.51.100.80";
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginPerIp.max + 5; i++) {
      statuses.push(await signIn(OFFICE, i % 2 ? "thandi_n" : "sipho_m", PASSWORD));
    }
    assert.deepEqual(statuses, Array(LIMITS.loginPerIp.max + 5).fill(200), "the office keeps signing in");
    assert.equal(await ipCount(db, OFFICE), 0, "no right password is counted");

    // Spraying from that address: twenty wrong passwords over as many names, then it waits.
    const spray: number[] = [];
    for (let i = 0; i <= LIMITS.loginPerIp.max; i++) spray.push(await signIn(OFFICE, `name${i}`, WRONG));
    assert.deepEqual(spray, [...Array(LIMITS.loginPerIp.max).fill(401), 429]);
    assert.equal(await signIn(OFFICE, "thandi_n", PASSWORD), 429, "the address waits out the window");
    assert.equal(await signIn("198.51.100.81", "thandi_n", PASSWORD), 200, "other addresses are not held up");
  },
);

test("[auth] a right password hands back its place in both counts", async (db, database) => {
  const signIn = await setUp(db, database);
  const IP = "203.0.113.90";
  for (let i = 0; i < LIMITS.loginPerIp.max - 1; i++) assert.equal(await signIn(IP, `name${i}`, WRONG), 401);
  assert.equal(await signIn(IP, "sipho_m", PASSWORD), 200);
  assert.equal(await signIn(IP, "last-name", WRONG), 401, "the twentieth wrong password is still answered");
  assert.equal(await signIn(IP, "one-more", WRONG), 429, "the twenty-first waits");

  // Per account and address: four misses, the right password (which forgives them), five misses more.
  const HOME = "203.0.113.91";
  for (let i = 0; i < LIMITS.loginPerAccountAddress.max - 1; i++) {
    assert.equal(await signIn(HOME, "thandi_n", WRONG), 401);
  }
  assert.equal(await signIn(HOME, "thandi_n", PASSWORD), 200);
  for (let i = 0; i < LIMITS.loginPerAccountAddress.max; i++) assert.equal(await signIn(HOME, "thandi_n", WRONG), 401);
  assert.equal(await signIn(HOME, "thandi_n", PASSWORD), 429, "five misses in a row hold this address up");
  assert.equal(
    await ipCount(db, HOME),
    2 * LIMITS.loginPerAccountAddress.max - 1,
    "the address's count holds its nine wrong passwords, neither right one",
  );
});

raceTest(
  "[auth] concurrent wrong passwords each count: a burst gets no more guesses than the limits",
  async (db, database) => {
    const signIn = await setUp(db, database);
    // Two at once both count.
    const PAIR = "192.0.2.10";
    assert.deepEqual(await Promise.all([signIn(PAIR, "x1", WRONG), signIn(PAIR, "x2", WRONG)]), [401, 401]);
    assert.equal(await ipCount(db, PAIR), 2);

    // One account from one address: five of ten simultaneous guesses are checked, the rest wait.
    const ONE = "192.0.2.11";
    const account = await Promise.all(Array.from({ length: 10 }, () => signIn(ONE, "thandi_n", WRONG)));
    assert.equal(account.filter((s) => s === 401).length, LIMITS.loginPerAccountAddress.max, account.join());
    assert.equal(account.filter((s) => s === 429).length, 10 - LIMITS.loginPerAccountAddress.max, account.join());

    // Spraying from one address: twenty of thirty simultaneous guesses are checked.
    const SPRAY = "192.0.2.12";
    const spray = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(SPRAY, `user${i}`, WRONG)));
    assert.equal(spray.filter((s) => s === 401).length, LIMITS.loginPerIp.max, spray.join());
    assert.equal(spray.filter((s) => s === 429).length, 30 - LIMITS.loginPerIp.max, spray.join());
  },
);

closeDatabase();
