/**
 * The client address that rate limits and PayFast's source check read: the connection's, or behind
 * trusted proxies (TRUSTED_PROXIES) the right-most X-Forwarded-For hop that is not one of them.
 */
import assert from "node:assert/strict";
import { useTestDatabase } from "../helpers/db.ts";
import { TEST_ORIGIN, testApp, testConfig } from "../helpers/app.ts";
import { rateLimits } from "../../db/schema/mod.ts";
import { clientAddress, compileProxyTrust } from "../../lib/proxy_trust.ts";

const { test, closeDatabase } = useTestDatabase();

Deno.test("[client ip] only hops the shop trusts may name the client", () => {
  const lan = compileProxyTrust("10.0.0.0/8, 2001:db8:1::/48");
  // A client that reaches the shop directly is its connection, whatever it writes.
  assert.equal(clientAddress("198.51.100.9", "203.0.113.1", lan), "198.51.100.9");
  // Through the load balancer at 10.0.0.2: the address it appended, not what the client wrote before it.
  assert.equal(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.5", lan), "203.0.113.5");
  // Two trusted proxies in a row (10.0.0.2 forwarded to 10.0.0.3): walked past both.
  assert.equal(clientAddress("10.0.0.3", "1.2.3.4, 203.0.113.5, 10.0.0.2", lan), "203.0.113.5");
  assert.equal(clientAddress("2001:db8:1::7", "2001:db8:2::9", lan), "2001:db8:2::9");
  // Every hop trusted: the left-most is the client (a customer on the shop's own network).
  assert.equal(clientAddress("10.0.0.2", "10.1.1.1", lan), "10.1.1.1");
  // No header, no trust: the connection.
  assert.equal(clientAddress("10.0.0.2", undefined, lan), "10.0.0.2");
  assert.equal(clientAddress("198.51.100.9", "203.0.113.1", null), "198.51.100.9");

  // A count: the N hops nearest the shop are proxies, whatever their addresses.
  const one = compileProxyTrust("1");
  assert.equal(clientAddress("34.1.2.3", "1.2.3.4, 203.0.113.5", one), "203.0.113.5");
  const two = compileProxyTrust("2");
  assert.equal(clientAddress("34.1.2.3", "1.2.3.4, 203.0.113.5, 35.9.9.9", two), "203.0.113.5");
  assert.equal(clientAddress("34.1.2.3", "203.0.113.5", two), "203.0.113.5", "fewer hops than proxies");

  // Names: a proxy on this machine.
  const local = compileProxyTrust("loopback");
  assert.equal(clientAddress("127.0.0.1", "203.0.113.5", local), "203.0.113.5");
  assert.equal(clientAddress("::1", "203.0.113.5", local), "203.0.113.5");
  assert.equal(clientAddress("192.168.1.4", "203.0.113.5", local), "192.168.1.4");

  for (const bad of ["", "0", "21", "yes", "10.0.0.0/33", "10.0.0.0/8, nonsense", "300.1.1.1"]) {
    assert.throws(() => compileProxyTrust(bad), TypeError, JSON.stringify(bad));
  }
});

Deno.test("[client ip] TRUSTED_PROXIES is checked at start; TRUST_PROXY=true trusts local and private proxies", () => {
  assert.throws(() => testConfig({ TRUSTED_PROXIES: "10.0.0.0/99" }), /TRUSTED_PROXIES/);
  assert.equal(testConfig({}).trustedProxies, null);
  const legacy = testConfig({ TRUST_PROXY: "true" }).trustedProxies!;
  assert.equal(clientAddress("10.0.0.2", "203.0.113.5", legacy.trust), "203.0.113.5");
  assert.equal(clientAddress("198.51.100.9", "203.0.113.5", legacy.trust), "198.51.100.9");
  // TRUSTED_PROXIES wins over the older switch.
  const both = testConfig({ TRUST_PROXY: "true", TRUSTED_PROXIES: "172.20.0.0/16" }).trustedProxies!;
  assert.equal(clientAddress("10.0.0.2", "203.0.113.5", both.trust), "10.0.0.2");
});

/** A failed sign-in from `peer` with this X-Forwarded-For: counted against the client's address. */
function failedLogin(app: ReturnType<typeof testApp>, peer: string, forwarded: string) {
  return app.request(
    "/api/auth/login",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, "X-Forwarded-For": forwarded },
      body: JSON.stringify({ username: `nobody${crypto.randomUUID().slice(0, 8)}`, password: "Wrong-pass1" }),
    },
    { remoteAddr: { transport: "tcp", hostname: peer, port: 50000 }, completed: Promise.resolve() },
  );
}

async function ipKeys(db: Parameters<Parameters<typeof test>[1]>[0]) {
  return (await db.select().from(rateLimits)).map((r) => r.key).filter((k) => k.startsWith("login:ip:")).sort();
}

test(
  "[client ip] a client that reaches the shop directly cannot choose the address its limits count",
  async (db, database) => {
    // The shop behind a load balancer on its private network (TRUST_PROXY=true), but also reachable directly.
    const app = testApp(database, { TRUST_PROXY: "true" });
    for (let i = 0; i < 5; i++) await failedLogin(app, "198.51.100.9", `203.0.113.${i + 1}`);
    assert.deepEqual(await ipKeys(db), ["login:ip:198.51.100.9"], "the header of a direct client is ignored");
    await db.delete(rateLimits);
    // Through the load balancer: the address it appended, never the entries the client wrote before it.
    for (let i = 0; i < 5; i++) await failedLogin(app, "10.0.0.2", `10.9.${i}.1, 192.0.2.${i}, 203.0.113.5`);
    assert.deepEqual(await ipKeys(db), ["login:ip:203.0.113.5"]);
    await db.delete(rateLimits);
    // Without any trusted proxy the header is ignored altogether.
    await failedLogin(testApp(database), "10.0.0.2", "203.0.113.5");
    assert.deepEqual(await ipKeys(db), ["login:ip:10.0.0.2"]);
  },
);

test("[client ip] TRUSTED_PROXIES as a hop count, for a load balancer whose addresses change", async (db, database) => {
  const app = testApp(database, { TRUSTED_PROXIES: "2" });
  await failedLogin(app, "35.1.2.3", "6.6.6.6, 203.0.113.5, 35.9.9.9");
  assert.deepEqual(await ipKeys(db), ["login:ip:203.0.113.5"]);
});

closeDatabase();
