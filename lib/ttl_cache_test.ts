import assert from "node:assert/strict";
import { keyedTtlCache, ttlCache } from "./ttl_cache.ts";

Deno.test("[cache] a value is loaded once within its time, again after it, and after clear()", async () => {
  let t = 0;
  let loads = 0;
  const cache = ttlCache(1000, () => Promise.resolve(++loads), () => t);
  assert.deepEqual(await Promise.all([cache.get(), cache.get()]), [1, 1]);
  t = 999;
  assert.equal(await cache.get(), 1);
  t = 1001;
  assert.equal(await cache.get(), 2);
  cache.clear();
  assert.equal(await cache.get(), 3);
});

Deno.test("[cache] a failed load is not kept", async () => {
  let fail = true;
  const cache = ttlCache(1000, () => fail ? Promise.reject(new Error("db down")) : Promise.resolve("ok"));
  await assert.rejects(cache.get());
  fail = false;
  assert.equal(await cache.get(), "ok");
});

Deno.test("[cache] keyed: one load per key within the ttl, again after it or after clear; ttl 0 keeps nothing", async () => {
  let t = 0;
  let loads = 0;
  const cache = keyedTtlCache<number>(1000, 2, () => t);
  const load = () => Promise.resolve(++loads);
  assert.equal(await cache.get("a", load), 1);
  assert.equal(await cache.get("a", load), 1);
  assert.equal(await cache.get("b", load), 2);
  t = 1001;
  assert.equal(await cache.get("a", load), 3);
  cache.clear();
  assert.equal(await cache.get("a", load), 4);
  const none = keyedTtlCache<number>(0, 2, () => t);
  assert.equal(await none.get("a", load), 5);
  assert.equal(await none.get("a", load), 6);
});
